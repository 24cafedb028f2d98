/** Refused before sending: what the api would refuse too (it decides from the bytes; this saves a slow upload). */
export function localPhotoProblem(file: File): string | null {
  if (file.size > 10 * 1024 * 1024) return `«${file.name}» больше 10 МБ: уменьшите фото и загрузите снова.`;
  if (file.type && !file.type.startsWith('image/')) return `«${file.name}» — не изображение: загрузите JPEG, PNG, WebP или HEIC.`;
  return null;
}

/** The formats a file picker offers for photos. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif';

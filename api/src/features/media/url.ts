import type { PhotoKind } from '../../media/photo';

export const MEDIA_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;
export const MEDIA_FILE_PATTERN = /^([1-9][0-9]?)\.svg$/;

/** Lowercase a key into one safe path segment ([a-z0-9-]). */
export function mediaKey(raw: string): string {
  const key = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return key || 'x';
}

/** `/api/media/<kind>/<key>/<variant>.svg`: a picture rendered on request, cached forever by browsers. */
export function mediaUrl(kind: PhotoKind, key: string, variant = 1): string {
  return `/api/media/${kind}/${mediaKey(key)}/${variant}.svg`;
}

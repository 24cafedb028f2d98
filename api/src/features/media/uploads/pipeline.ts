import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { HttpError } from '../../../http/http-error';

export type ImagePreset = 'photo' | 'portrait';
export const IMAGE_PRESETS: readonly ImagePreset[] = ['photo', 'portrait'];

/** Upload limits: the file's size and the picture's pixels (a decompression bomb is refused before decoding). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 50_000_000;
/** Landscape photos: the widths the catalog and the account pages ask for in srcset. */
export const PHOTO_WIDTHS = [320, 640, 1280, 1920] as const;
/** Square avatars. */
export const PORTRAIT_SIZES = [96, 192, 400] as const;
/** Formats accepted, decided from the bytes (never from the name or the declared type). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export const NOT_AN_IMAGE = 'Это не изображение: загрузите фото в формате JPEG, PNG, WebP или HEIC.';

export interface Rendition {
  name: string;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  renditions: Rendition[];
}

const refuse = (message: string) => new HttpError(422, message, { photo: [message] });

/**
 * Checks a picture from its bytes and re-encodes it: auto-rotated, every metadata (EXIF, GPS, camera) dropped,
 * resized to the preset's sizes (never upscaled) as WebP, plus a JPEG for browsers without WebP.
 */
export async function processImage(input: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw refuse('Файл больше 10 МБ: уменьшите фото и загрузите снова.');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).metadata();
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(text)) throw refuse('Фото слишком большое: не больше 50 мегапикселей.');
    throw refuse(NOT_AN_IMAGE);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw refuse(NOT_AN_IMAGE);
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) throw refuse('Фото слишком большое: не больше 50 мегапикселей.');

  // One decoded, upright, metadata-free source; every rendition comes from it.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(NOT_AN_IMAGE);
  }
  const { width, height } = upright.info;
  const base = () => sharp(upright.data);
  const renditions: Rendition[] = [];
  if (preset === 'photo') {
    const widths = PHOTO_WIDTHS.filter((w) => w <= width);
    if (widths.length === 0) widths.push(width as (typeof PHOTO_WIDTHS)[number]);
    for (const w of widths) {
      const bytes = await base().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      renditions.push({ name: `${w}.webp`, contentType: 'image/webp', width: w, bytes });
    }
    const fallback = Math.min(1280, width);
    const jpeg = await base().resize({ width: fallback, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    renditions.push({ name: `${fallback}.jpg`, contentType: 'image/jpeg', width: fallback, bytes: jpeg });
  } else {
    const side = Math.min(width, height);
    const sizes = PORTRAIT_SIZES.filter((s) => s <= side);
    if (sizes.length === 0) sizes.push(side as (typeof PORTRAIT_SIZES)[number]);
    for (const s of sizes) {
      const bytes = await base().resize({ width: s, height: s, fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
      renditions.push({ name: `${s}.webp`, contentType: 'image/webp', width: s, bytes });
    }
    const jpegSize = sizes[sizes.length - 1]!;
    const jpeg = await base().resize({ width: jpegSize, height: jpegSize, fit: 'cover', position: 'attention' }).jpeg({ quality: 84 }).toBuffer();
    renditions.push({ name: `${jpegSize}.jpg`, contentType: 'image/jpeg', width: jpegSize, bytes: jpeg });
  }
  const hash = createHash('sha256').update(preset).update(upright.data).digest('hex');
  return { hash, width, height, renditions };
}

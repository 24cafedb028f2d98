import Type, { type Static } from 'typebox';
import { envelope } from './common';

// Uploaded pictures (profile photos, review and excursion photos):
//   POST /api/media/uploads?preset=photo|portrait  multipart, one file part `photo` → 201 UploadedImageResponse
//   GET  /api/media/u/{hash}/{width}.webp | .jpg   the renditions (public, immutable)
// The type is decided from the bytes; metadata (EXIF, GPS) is removed; 10 MB and 50 megapixels at most.

export const ImagePreset = Type.Union([Type.Literal('photo'), Type.Literal('portrait')]);
export type ImagePreset = Static<typeof ImagePreset>;

export const UploadedImage = Type.Object({
  id: Type.Integer(),
  preset: ImagePreset,
  width: Type.Integer(),
  height: Type.Integer(),
  /** The largest WebP rendition. */
  url: Type.String(),
  /** The JPEG fallback. */
  fallback_url: Type.String(),
  /** `<img srcset>` of the WebP renditions ('…/320.webp 320w, …'). */
  srcset: Type.String(),
});
export type UploadedImage = Static<typeof UploadedImage>;
export const UploadedImageResponse = envelope(UploadedImage);
export type UploadedImageResponse = Static<typeof UploadedImageResponse>;
export const UploadQuery = Type.Object({ preset: Type.Optional(ImagePreset) });

// Locally generated stand-in photos: deterministic SVG illustrations keyed by (kind, key, variant).
import { hashString } from '../random';
import { renderLandscape, type Scene } from './landscape';
import { renderPortrait } from './portrait';

export const PHOTO_KINDS = ['excursion', 'city', 'sight', 'guide', 'avatar', 'blog', 'country', 'region'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export function isPhotoKind(value: unknown): value is PhotoKind {
  return typeof value === 'string' && (PHOTO_KINDS as readonly string[]).includes(value);
}

/** Scenes each kind may show; the hash picks one. */
const SCENES: Record<Exclude<PhotoKind, 'guide' | 'avatar'>, Scene[]> = {
  excursion: ['city', 'landmark', 'hills', 'mountains', 'city', 'landmark'],
  city: ['city', 'city', 'landmark'],
  sight: ['landmark'],
  blog: ['hills', 'mountains', 'city'],
  country: ['mountains', 'hills'],
  region: ['hills', 'mountains'],
};

/** SVG markup (4:3 landscape, or 1:1 portrait for guides and avatars); same input → same output. */
export function renderPhotoSvg(kind: PhotoKind, key: string, variant: number): string {
  const seed = hashString(`${kind}:${key}:${Math.trunc(variant)}`);
  if (kind === 'guide' || kind === 'avatar') return renderPortrait(seed);
  const scenes = SCENES[kind];
  return renderLandscape(seed, scenes[seed % scenes.length] as Scene);
}

import Type, { type Static } from 'typebox';
import { ExcursionCard, PlaceRef } from './catalog';
import { envelope } from './common';

// Sights (public):
//   GET /api/excursion/public/sights/popular                     → SightCardsResponse (?limit=)
//   GET /api/excursion/public/sight/{slug...}                    → SightResponse

export const SightCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  city: PlaceRef,
  region: PlaceRef,
  excursions_count: Type.Integer(),
});
export type SightCard = Static<typeof SightCard>;

export const SightCardsResponse = envelope(Type.Array(SightCard));
export type SightCardsResponse = Static<typeof SightCardsResponse>;

export const SightPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  photo_url: Type.String(),
  city: PlaceRef,
  region: PlaceRef,
  excursions: Type.Array(ExcursionCard),
});
export type SightPage = Static<typeof SightPage>;

export const SightResponse = envelope(SightPage);
export type SightResponse = Static<typeof SightResponse>;

import Type, { type Static } from 'typebox';
import { PlaceRef } from './catalog';
import { envelope } from './common';
import { CityCard } from './geo';

// Search box suggestions (public); the catalog list's own `q` filter is in ./excursions:
//   GET /api/excursion/public/search/suggest?q=                  → SuggestResponse

export const SuggestQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5 })),
});
export type SuggestQuery = Static<typeof SuggestQuery>;

export const Suggestions = Type.Object({
  cities: Type.Array(CityCard),
  excursions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      title: Type.String(),
      photo_url: Type.String(),
      city: PlaceRef,
      region: PlaceRef,
    }),
  ),
});
export type Suggestions = Static<typeof Suggestions>;

export const SuggestResponse = envelope(Suggestions);
export type SuggestResponse = Static<typeof SuggestResponse>;

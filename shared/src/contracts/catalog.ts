import Type, { type Static } from 'typebox';
import { envelope } from './common';

export const CityCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  region_slug: Type.String(),
  region_name: Type.String(),
  country_slug: Type.String(),
  photo_url: Type.String(),
  excursions_count: Type.Integer(),
});
export type CityCard = Static<typeof CityCard>;

export const CitiesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type CitiesQuery = Static<typeof CitiesQuery>;

/** GET /api/excursion/public/excursion/cities — the list is at data.data. */
export const CitiesResponse = envelope(Type.Object({ data: Type.Array(CityCard) }));
export type CitiesResponse = Static<typeof CitiesResponse>;

/** GET /api/excursion/data/commission */
export const CommissionResponse = envelope(Type.Object({ service_commission: Type.Number() }));
export type CommissionResponse = Static<typeof CommissionResponse>;

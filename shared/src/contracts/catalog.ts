import Type, { type Static } from 'typebox';
import { envelope } from './common';

// What every public catalog page shares: slugs, paging, place and tag refs, prices, and the excursion card (shown by
// geo, sight, guide, favorites and list pages, so it lives here: ./excursions and ./sights would import each other).
// Answers are `{ status, data }`, paged lists `data: { data: [...], current_page, last_page, per_page, total }`;
// unknown slugs are 404. The paths are listed in each product's file.

/** A slug in a path or filter: any string; an unknown one is a 404 (path) or an empty list (filter), never a 422. */
export const CatalogSlug = Type.String({ minLength: 1, maxLength: 240 });

export const SlugParams = Type.Object({ slug: CatalogSlug });

export const CatalogDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const CatalogLimitQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 8 })) });
export type CatalogLimitQuery = Static<typeof CatalogLimitQuery>;

export const CatalogPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 10 })),
});
export type CatalogPageQuery = Static<typeof CatalogPageQuery>;

/** A reference to a place: slug + name. */
export const PlaceRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });
export type PlaceRef = Static<typeof PlaceRef>;

export const TagRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });
export type TagRef = Static<typeof TagRef>;

export const ExcursionFormat = Type.Union([Type.Literal('group'), Type.Literal('individual')]);
export type ExcursionFormat = Static<typeof ExcursionFormat>;
export const PriceType = Type.Union([Type.Literal('per_person'), Type.Literal('per_group')]);
export type PriceType = Static<typeof PriceType>;

/** One price line (adult, child, … or the whole group); `price` in whole roubles. */
export const PriceUnit = Type.Object({ code: Type.String(), name: Type.String(), price: Type.Integer() });
export type PriceUnit = Static<typeof PriceUnit>;

/** An excursion in lists (catalog, city, guide, favorites). `price` is the base price (per person or per group). */
export const ExcursionCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  photo_url: Type.String(),
  city: PlaceRef,
  region: PlaceRef,
  price: Type.Integer(),
  price_type: PriceType,
  duration_minutes: Type.Integer(),
  format: ExcursionFormat,
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  reviews_count: Type.Integer(),
  instant_booking: Type.Boolean(),
  tags: Type.Array(TagRef),
});
export type ExcursionCard = Static<typeof ExcursionCard>;

export const ExcursionCardsResponse = envelope(Type.Array(ExcursionCard));
export type ExcursionCardsResponse = Static<typeof ExcursionCardsResponse>;

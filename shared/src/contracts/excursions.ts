import Type, { type Static } from 'typebox';
import { CatalogDate, CatalogSlug, ExcursionCard, ExcursionFormat, PlaceRef, PriceType, PriceUnit, TagRef } from './catalog';
import { envelope, GroupGathering, Paginated, RowId } from './common';
import { GuideCard } from './guides';
import { ReviewCard } from './reviews';
import { SightCard } from './sights';

// Excursions (public, `{ status, data }`; the card of lists is in ./catalog):
//   GET /api/excursion/public/excursions                         → ExcursionListResponse (ExcursionListQuery)
//   GET /api/excursion/public/excursions/popular                 → ExcursionCardsResponse (?limit=)
//   GET /api/excursion/public/excursion/{region}/{city}/{slug}   → ExcursionDetailResponse
//   GET /api/excursion/public/excursions/{id}/events             → ExcursionEventsResponse (next 60 days)

export const ExcursionSort = Type.Union([
  Type.Literal('popular'),
  Type.Literal('price_asc'),
  Type.Literal('price_desc'),
  Type.Literal('rating'),
]);
export type ExcursionSort = Static<typeof ExcursionSort>;

/** Filters of GET /api/excursion/public/excursions (all optional; `date` = has an active event that day on the city's clock). */
export const ExcursionListQuery = Type.Object({
  country: Type.Optional(CatalogSlug),
  region: Type.Optional(CatalogSlug),
  city: Type.Optional(CatalogSlug),
  tag: Type.Optional(CatalogSlug),
  date: Type.Optional(CatalogDate),
  price_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000 })),
  price_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000000 })),
  /** Minutes. */
  duration_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  duration_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  /** Language code: ru, en, … */
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 8, pattern: '^[a-z]{2,8}$' })),
  format: Type.Optional(ExcursionFormat),
  rating_min: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
  /** Search text (word forms, typos, layout, synonyms: the search index); the first 200 characters are read. */
  q: Type.Optional(Type.String({ maxLength: 10000 })),
  sort: Type.Optional(ExcursionSort),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 24 })),
});
export type ExcursionListQuery = Static<typeof ExcursionListQuery>;

export const ExcursionListResponse = envelope(Paginated(ExcursionCard));
export type ExcursionListResponse = Static<typeof ExcursionListResponse>;

export const ExcursionDetail = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  photos: Type.Array(Type.String()),
  city: PlaceRef,
  region: PlaceRef,
  country: PlaceRef,
  /** IANA zone of the excursion's city (e.g. 'Asia/Tbilisi'): its event times are shown in it. */
  time_zone: Type.String(),
  tags: Type.Array(TagRef),
  sights: Type.Array(SightCard),
  guide: Type.Union([GuideCard, Type.Null()]),
  meeting_point: Type.String(),
  programme: Type.Array(Type.String()),
  included: Type.Array(Type.String()),
  excluded: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  duration_minutes: Type.Integer(),
  format: ExcursionFormat,
  price_type: PriceType,
  price: Type.Integer(),
  /** What an order is made of: participants are `{code, count}` by these codes. */
  price_units: Type.Array(PriceUnit),
  group_size_max: Type.Integer(),
  instant_booking: Type.Boolean(),
  cancellation_terms: Type.String(),
  rating: Type.Number(),
  reviews_count: Type.Integer(),
  /** The 5 most recent reviews; the rest through the excursion reviews call. */
  reviews: Type.Array(ReviewCard),
});
export type ExcursionDetail = Static<typeof ExcursionDetail>;

export const ExcursionDetailResponse = envelope(ExcursionDetail);
export type ExcursionDetailResponse = Static<typeof ExcursionDetailResponse>;

export const ExcursionDetailParams = Type.Object({ region_slug: CatalogSlug, city_slug: CatalogSlug, excursion_slug: CatalogSlug });

export const ExcursionIdParams = Type.Object({ id: RowId });

/** A bookable slot: `price`/`price_units` already include the slot's price override (weekend price). */
export const ExcursionEvent = Type.Object({
  id: Type.Integer(),
  starts_at: Type.String(),
  /** IANA zone of the excursion's city: `starts_at` is shown in it. */
  time_zone: Type.String(),
  capacity: Type.Integer(),
  seats_left: Type.Integer(),
  /** How many people one order can book on it now (the api's one rule: free seats, the group size, an individual slot whole). */
  bookable: Type.Integer(),
  price: Type.Integer(),
  price_units: Type.Array(PriceUnit),
  /** A group that gathers: how many of the minimum are booked (null: the slot runs whatever the number). */
  gathering: Type.Optional(Type.Union([GroupGathering, Type.Null()])),
});
export type ExcursionEvent = Static<typeof ExcursionEvent>;

/** A slot's seats now (`SLOT_SEATS_EVENT` on `excursionSlotsChannel`): merged into the catalog's copy of the slot. */
export const SlotSeatsPayload = Type.Object({
  event_id: Type.Integer(),
  /** False: the slot is no longer offered (cancelled, a group that did not gather). */
  active: Type.Boolean(),
  seats_left: Type.Integer(),
  bookable: Type.Integer(),
  gathering: Type.Union([GroupGathering, Type.Null()]),
});
export type SlotSeatsPayload = Static<typeof SlotSeatsPayload>;

export const ExcursionEventsResponse = envelope(Type.Array(ExcursionEvent));
export type ExcursionEventsResponse = Static<typeof ExcursionEventsResponse>;

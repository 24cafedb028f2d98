import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';
import { CityCard } from './catalog';
import { DocBlock } from './content';
import {
  CatalogSlug,
  ExcursionCard,
  ExcursionFormat,
  GuideCard,
  PlaceRef,
  PriceType,
  PriceUnit,
  SightCard,
  TagRef,
} from './excursions';

// Public catalog pages beside the lists of ./excursions (reviews, excursion page, sight, guides, search, blog, docs).

// ---- reviews ----

export const ExcursionRef = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  city_slug: Type.String(),
  region_slug: Type.String(),
});
export type ExcursionRef = Static<typeof ExcursionRef>;

export const ReviewCard = Type.Object({
  id: Type.Integer(),
  author_name: Type.String(),
  rating: Type.Integer(),
  text: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  replied_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  excursion: ExcursionRef,
});
export type ReviewCard = Static<typeof ReviewCard>;
export const ReviewCardsResponse = envelope(Type.Array(ReviewCard));
export type ReviewCardsResponse = Static<typeof ReviewCardsResponse>;
export const ReviewListResponse = envelope(Paginated(ReviewCard));
export type ReviewListResponse = Static<typeof ReviewListResponse>;

export const PlaceReviews = Type.Object({
  region: PlaceRef,
  city: Type.Union([PlaceRef, Type.Null()]),
  excursion: Type.Union([ExcursionRef, Type.Null()]),
  /** Average rating of the reviews of the place (0 without reviews). */
  rating: Type.Number(),
  reviews: Paginated(ReviewCard),
});
export type PlaceReviews = Static<typeof PlaceReviews>;
export const PlaceReviewsResponse = envelope(PlaceReviews);
export type PlaceReviewsResponse = Static<typeof PlaceReviewsResponse>;

// ---- excursion detail and events ----

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
export const CityParams = Type.Object({ region_slug: CatalogSlug, city_slug: CatalogSlug });
export const SlugParams = Type.Object({ slug: CatalogSlug });
export const ExcursionIdParams = Type.Object({ id: RowId });

/** A bookable slot: `price`/`price_units` already include the slot's price override (weekend price). */
export const ExcursionEvent = Type.Object({
  id: Type.Integer(),
  starts_at: Type.String(),
  /** IANA zone of the excursion's city: `starts_at` is shown in it. */
  time_zone: Type.String(),
  capacity: Type.Integer(),
  seats_left: Type.Integer(),
  price: Type.Integer(),
  price_units: Type.Array(PriceUnit),
});
export type ExcursionEvent = Static<typeof ExcursionEvent>;
export const ExcursionEventsResponse = envelope(Type.Array(ExcursionEvent));
export type ExcursionEventsResponse = Static<typeof ExcursionEventsResponse>;

// ---- sight, guides ----

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

export const GuidePage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  photo_url: Type.String(),
  bio: Type.String(),
  languages: Type.Array(Type.String()),
  rating: Type.Number(),
  region: Type.Union([PlaceRef, Type.Null()]),
  reviews_count: Type.Integer(),
  excursions: Type.Array(ExcursionCard),
  /** The 10 most recent reviews of the guide's excursions. */
  reviews: Type.Array(ReviewCard),
});
export type GuidePage = Static<typeof GuidePage>;
export const GuideResponse = envelope(GuidePage);
export type GuideResponse = Static<typeof GuideResponse>;

export const GuidesByPlace = Type.Object({
  region: PlaceRef,
  city: Type.Union([PlaceRef, Type.Null()]),
  guides: Type.Array(GuideCard),
});
export type GuidesByPlace = Static<typeof GuidesByPlace>;
export const GuidesByPlaceResponse = envelope(GuidesByPlace);
export type GuidesByPlaceResponse = Static<typeof GuidesByPlaceResponse>;

// ---- search ----

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

// ---- blog and documents (bodies are DocBlock JSON, never HTML) ----

export const BlogPostCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  cover_url: Type.String(),
  published_at: Type.String(),
});
export type BlogPostCard = Static<typeof BlogPostCard>;
export const BlogListResponse = envelope(Paginated(BlogPostCard));
export type BlogListResponse = Static<typeof BlogListResponse>;

export const BlogPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  cover_url: Type.String(),
  published_at: Type.String(),
  body: Type.Array(DocBlock),
});
export type BlogPost = Static<typeof BlogPost>;
export const BlogPostResponse = envelope(BlogPost);
export type BlogPostResponse = Static<typeof BlogPostResponse>;

export const DocumentPage = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  updated_at: Type.String(),
  body: Type.Array(DocBlock),
});
export type DocumentPage = Static<typeof DocumentPage>;
export const DocumentResponse = envelope(DocumentPage);
export type DocumentResponse = Static<typeof DocumentResponse>;

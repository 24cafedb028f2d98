// Shapes of the seed catalog consumed by the seed inserter (src/db/seed).

export type DocBlock = { type: 'h2' | 'h3' | 'p'; text: string } | { type: 'ul' | 'ol'; items: string[] };

export interface CountryContent { slug: string; name: string; description: string }
export interface RegionContent { slug: string; countrySlug: string; name: string; description: string }
export interface CityContent {
  slug: string; regionSlug: string; name: string; description: string; popularity: number;
  /** IANA zone ('Asia/Tbilisi'): the city's event times are local to it. */
  timeZone: string;
}
export interface TagContent { slug: string; name: string }
export interface SightContent { slug: string; citySlug: string; name: string; description: string }
export interface PartnerContent { phone: string; name: string }
export interface GuideContent {
  slug: string; partnerPhone: string; name: string; bio: string; languages: string[]; regionSlug: string; rating: number;
}
export interface PriceUnitContent { code: string; name: string; price: number }
export interface ExcursionContent {
  slug: string; citySlug: string; guideSlug: string; title: string; description: string; programme: string[];
  included: string[]; excluded: string[]; tagSlugs: string[]; sightSlugs: string[]; languages: string[];
  durationMinutes: number; meetingPoint: string; format: 'group' | 'individual'; priceType: 'per_person' | 'per_group';
  price: number; priceUnits: PriceUnitContent[]; groupSizeMax: number; instantBooking: boolean;
  cancellationTerms: string; photoCount: number; popularity: number;
}
export interface ReviewContent {
  excursionSlug: string; authorName: string; rating: number; text: string; daysAgo: number; reply: string | null;
}
export interface BlogPostContent { slug: string; title: string; excerpt: string; body: DocBlock[]; daysAgo: number }
export interface DocumentContent { slug: string; title: string; body: DocBlock[] }

export interface CatalogContent {
  countries: CountryContent[];
  regions: RegionContent[];
  cities: CityContent[];
  tags: TagContent[];
  sights: SightContent[];
  partners: PartnerContent[];
  guides: GuideContent[];
  excursions: ExcursionContent[];
  reviews: ReviewContent[];
  blogPosts: BlogPostContent[];
  documents: DocumentContent[];
}

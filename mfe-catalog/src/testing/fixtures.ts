import type {
  ExcursionCard,
  ExcursionDetail,
  ExcursionEvent,
  GuideCard,
  ReviewCard,
  SightCard,
} from '@excursio/shared';

export const MOSKVA = { id: 1, slug: 'moskva', name: 'Москва' };
export const MOSKVA_REGION = { id: 1, slug: 'moskva', name: 'Москва' };
export const RUSSIA = { id: 1, slug: 'rossiya', name: 'Россия' };

export function excursionCard(overrides: Partial<ExcursionCard> & Pick<ExcursionCard, 'id' | 'slug' | 'title'>): ExcursionCard {
  return {
    photo_url: `/api/media/excursion/${overrides.slug}/1.svg`,
    city: MOSKVA,
    region: MOSKVA_REGION,
    price: 2500,
    price_type: 'per_person',
    duration_minutes: 120,
    format: 'group',
    languages: ['ru'],
    rating: 4.8,
    reviews_count: 12,
    instant_booking: false,
    tags: [{ id: 1, slug: 'obzornye', name: 'Обзорные' }],
    ...overrides,
  };
}

export function sightCard(overrides: Partial<SightCard> & Pick<SightCard, 'id' | 'slug' | 'name'>): SightCard {
  return { photo_url: `/api/media/sight/${overrides.slug}/1.svg`, city: MOSKVA, region: MOSKVA_REGION, excursions_count: 3, ...overrides };
}

export function guideCard(overrides: Partial<GuideCard> & Pick<GuideCard, 'id' | 'slug' | 'name'>): GuideCard {
  return {
    photo_url: `/api/media/guide/${overrides.slug}/1.svg`,
    languages: ['ru', 'en'],
    rating: 4.9,
    region: MOSKVA_REGION,
    excursions_count: 4,
    ...overrides,
  };
}

export function review(overrides: Partial<ReviewCard> & Pick<ReviewCard, 'id'>): ReviewCard {
  return {
    author_name: 'Ольга',
    rating: 5,
    text: 'Отличная прогулка, гид знает город.',
    reply: null,
    replied_at: null,
    created_at: '2026-01-15T10:00:00Z',
    excursion: { id: 10, slug: 'kreml', title: 'Кремль изнутри', city_slug: 'moskva', region_slug: 'moskva' },
    photos: [],
    ...overrides,
  };
}

export function excursionDetail(overrides: Partial<ExcursionDetail> = {}): ExcursionDetail {
  return {
    id: 10,
    slug: 'kreml',
    title: 'Кремль изнутри',
    description: 'Прогулка по Кремлю с историком.',
    photos: ['/api/media/excursion/kreml/1.svg', '/api/media/excursion/kreml/2.svg'],
    city: MOSKVA,
    region: MOSKVA_REGION,
    country: RUSSIA,
    time_zone: 'Europe/Moscow',
    tags: [{ id: 1, slug: 'obzornye', name: 'Обзорные' }],
    sights: [sightCard({ id: 3, slug: 'moskovskiy-kreml', name: 'Московский Кремль' })],
    guide: guideCard({ id: 5, slug: 'mihail-orlov', name: 'Михаил Орлов' }),
    meeting_point: 'У Кутафьей башни',
    programme: ['Соборная площадь', 'Царь-пушка'],
    included: ['Рассказ гида'],
    excluded: ['Билеты в соборы'],
    languages: ['ru', 'en'],
    duration_minutes: 150,
    format: 'group',
    price_type: 'per_person',
    price: 2500,
    price_units: [
      { code: 'adult', name: 'Взрослый', price: 2500 },
      { code: 'child', name: 'Детский', price: 1500 },
    ],
    group_size_max: 10,
    instant_booking: true,
    cancellation_terms: 'Бесплатная отмена за 24 часа.',
    rating: 4.8,
    reviews_count: 2,
    reviews: [review({ id: 1 }), review({ id: 2, author_name: 'Игорь', rating: 4, reply: 'Спасибо!' })],
    ...overrides,
  };
}

export function excursionEvent(overrides: Partial<ExcursionEvent> & Pick<ExcursionEvent, 'id' | 'starts_at'>): ExcursionEvent {
  return {
    time_zone: 'Europe/Moscow',
    capacity: 10,
    seats_left: overrides.seats_left ?? 6,
    bookable: overrides.bookable ?? overrides.seats_left ?? 6,
    price: 2500,
    price_units: [
      { code: 'adult', name: 'Взрослый', price: 2500 },
      { code: 'child', name: 'Детский', price: 1500 },
    ],
    ...overrides,
  };
}

export function page<T>(data: T[], current_page = 1, last_page = 1) {
  return { data, current_page, last_page, per_page: 24, total: data.length + (last_page - 1) * 24 };
}

export const ok = <T>(data: T) => ({ status: true, data });

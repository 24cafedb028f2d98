// Excursion tags (city pages filter by them: /excursion/{region}/{city}/tags/{tag}).
import type { TagContent } from './types';

export const TAGS: TagContent[] = [
  { slug: 'obzornye', name: 'Обзорные' },
  { slug: 'peshehodnye', name: 'Пешеходные' },
  { slug: 'gastronomicheskie', name: 'Гастрономические' },
  { slug: 'nochnye', name: 'Ночные' },
  { slug: 's-detmi', name: 'С детьми' },
  { slug: 'istoricheskie', name: 'Исторические' },
  { slug: 'na-avtomobile', name: 'На автомобиле' },
  { slug: 'arhitektura', name: 'Архитектура' },
  { slug: 'muzei', name: 'Музеи' },
  { slug: 'priroda', name: 'Природа' },
  { slug: 'vodnye', name: 'Водные прогулки' },
  { slug: 'neobychnye', name: 'Необычные' },
];

export type TagSlug =
  | 'obzornye' | 'peshehodnye' | 'gastronomicheskie' | 'nochnye' | 's-detmi' | 'istoricheskie'
  | 'na-avtomobile' | 'arhitektura' | 'muzei' | 'priroda' | 'vodnye' | 'neobychnye';

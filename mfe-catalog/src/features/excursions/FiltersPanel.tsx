import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CityCard, CountryCard, ExcursionListQuery, TagRef } from '@excursio/shared';
import { Link, useLocation } from '@excursio/shared/router';
import { languageName } from '../../components/excursionText';
import { activeFilterCount, changeSearch, DURATIONS, durationValue, LANGUAGES, RATINGS } from './filters';
import './filters-panel.css';

export type FilterChanges = Record<string, string | number | undefined>;

export interface FilterOptions {
  countries: readonly CountryCard[];
  cities: readonly CityCard[];
  tags: readonly TagRef[];
}

interface FiltersPanelProps {
  query: ExcursionListQuery;
  options: FilterOptions;
  onChange: (changes: FilterChanges) => void;
}

const EMPTY_FILTERS: FilterChanges = {
  country: undefined, region: undefined, city: undefined, tag: undefined, date: undefined, price_min: undefined,
  price_max: undefined, duration_min: undefined, duration_max: undefined, language: undefined, format: undefined,
  rating_min: undefined, q: undefined,
};

/** The filters of the catalog; every change goes to the address at once (prices when the field is left). */
export function FiltersPanel({ query, options, onChange }: FiltersPanelProps) {
  const id = useId();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [priceMin, setPriceMin] = useState(query.price_min?.toString() ?? '');
  const [priceMax, setPriceMax] = useState(query.price_max?.toString() ?? '');
  useEffect(() => setPriceMin(query.price_min?.toString() ?? ''), [query.price_min]);
  useEffect(() => setPriceMax(query.price_max?.toString() ?? ''), [query.price_max]);

  const count = activeFilterCount(query);
  const cities = options.cities.filter((c) => !query.country || c.country_slug === query.country);
  const applyPrices = (event?: FormEvent) => {
    event?.preventDefault();
    const min = priceMin.replace(/\D/g, '');
    const max = priceMax.replace(/\D/g, '');
    if (min !== (query.price_min?.toString() ?? '') || max !== (query.price_max?.toString() ?? '')) {
      onChange({ price_min: min || undefined, price_max: max || undefined });
    }
  };
  const field = (name: string) => `${id}-${name}`;

  return (
    <section className={`cat-filters${open ? ' cat-filters--open' : ''}`} aria-label="Фильтры">
      <button type="button" className="cat-filters__toggle" aria-expanded={open} aria-controls={field('body')} onClick={() => setOpen(!open)}>
        Фильтры{count > 0 ? ` · ${count}` : ''}
      </button>
      <form id={field('body')} className="cat-filters__body" onSubmit={applyPrices}>
        <label className="cat-filters__field" htmlFor={field('country')}>
          <span>Страна</span>
          <select id={field('country')} value={query.country ?? ''} onChange={(e) => onChange({ country: e.target.value, region: undefined, city: undefined })}>
            <option value="">Все страны</option>
            {options.countries.map((c) => (
              <option key={c.slug} value={c.slug}>{c.name}</option>
            ))}
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('city')}>
          <span>Город</span>
          <select
            id={field('city')}
            value={query.city && query.region ? `${query.region}/${query.city}` : ''}
            onChange={(e) => {
              const [region, city] = e.target.value.split('/');
              onChange({ region, city });
            }}
          >
            <option value="">Все города</option>
            {cities.map((c) => (
              <option key={c.id} value={`${c.region_slug}/${c.slug}`}>{c.name}</option>
            ))}
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('tag')}>
          <span>Тема</span>
          <select id={field('tag')} value={query.tag ?? ''} onChange={(e) => onChange({ tag: e.target.value })}>
            <option value="">Любая</option>
            {options.tags.map((t) => (
              <option key={t.slug} value={t.slug}>{t.name}</option>
            ))}
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('date')}>
          <span>Дата</span>
          <input id={field('date')} type="date" value={query.date ?? ''} onChange={(e) => onChange({ date: e.target.value })} />
        </label>
        <fieldset className="cat-filters__field cat-filters__price">
          <legend>Цена, ₽</legend>
          <input inputMode="numeric" aria-label="Цена от" placeholder="от" value={priceMin} onChange={(e) => setPriceMin(e.target.value)} onBlur={() => applyPrices()} />
          <input inputMode="numeric" aria-label="Цена до" placeholder="до" value={priceMax} onChange={(e) => setPriceMax(e.target.value)} onBlur={() => applyPrices()} />
        </fieldset>
        <label className="cat-filters__field" htmlFor={field('duration')}>
          <span>Длительность</span>
          <select
            id={field('duration')}
            value={durationValue(query)}
            onChange={(e) => {
              const bucket = DURATIONS.find((d) => d.value === e.target.value);
              onChange({ duration_min: bucket?.min, duration_max: bucket?.max });
            }}
          >
            <option value="">Любая</option>
            {DURATIONS.map((d) => (
              <option key={d.value} value={d.value}>{d.label}</option>
            ))}
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('language')}>
          <span>Язык</span>
          <select id={field('language')} value={query.language ?? ''} onChange={(e) => onChange({ language: e.target.value })}>
            <option value="">Любой</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>{languageName(code)}</option>
            ))}
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('format')}>
          <span>Формат</span>
          <select id={field('format')} value={query.format ?? ''} onChange={(e) => onChange({ format: e.target.value })}>
            <option value="">Любой</option>
            <option value="group">Групповая</option>
            <option value="individual">Индивидуальная</option>
          </select>
        </label>
        <label className="cat-filters__field" htmlFor={field('rating')}>
          <span>Рейтинг</span>
          <select id={field('rating')} value={query.rating_min?.toString() ?? ''} onChange={(e) => onChange({ rating_min: e.target.value })}>
            <option value="">Любой</option>
            {RATINGS.map((r) => (
              <option key={r.value} value={r.value}>{r.label}</option>
            ))}
          </select>
        </label>
        {count > 0 && (
          // a link (the address without the filters): it works on the server-rendered page before its scripts run
          <Link to={{ search: `${changeSearch(new URLSearchParams(search), EMPTY_FILTERS)}` }} className="cat-filters__reset">
            Сбросить фильтры
          </Link>
        )}
      </form>
    </section>
  );
}

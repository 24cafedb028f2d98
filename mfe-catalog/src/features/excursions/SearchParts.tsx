import type { ExcursionListQuery, FacetBand, SearchFacets, SearchPlace, SearchPlaceKind } from '@excursio/shared';
import { formatPrice, pluralRu } from '@excursio/shared';
import { Link } from '@excursio/shared/router';
import { EXCURSION_FORMS, FORMAT_LABEL } from '../../components/excursionText';
import { changeSearch, DURATIONS } from './filters';
import './search-parts.css';

// The parts of /excursion?q= that only a search has: the corrected query, the destinations that match, the facet
// counts and the nearest destinations when nothing matched.

const KIND_LABEL: Record<SearchPlaceKind, string> = {
  city: 'Город',
  region: 'Регион',
  country: 'Страна',
  sight: 'Достопримечательность',
  guide: 'Гид',
};

/** «Показаны результаты для «казань»» when the text was read in the other layout or a typo was corrected. */
export function CorrectedQuery({ corrected }: { corrected: string | null }) {
  if (!corrected) return null;
  return (
    <p className="cat-search-note">
      Показаны результаты для «<strong>{corrected}</strong>»
    </p>
  );
}

function PlaceList({ places, label }: { places: readonly SearchPlace[]; label: string }) {
  return (
    <ul className="cat-places" aria-label={label}>
      {places.map((place) => (
        <li key={`${place.kind}-${place.id}`} className="cat-places__item">
          <Link to={place.path} className="cat-places__link">
            <span className="cat-places__name">{place.name}</span>
            <span className="cat-places__note">
              {[KIND_LABEL[place.kind], place.context, pluralRu(place.excursions_count, EXCURSION_FORMS)].filter(Boolean).join(' · ')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The cities, sights, regions, countries and guides that match well, above the excursions. */
export function Destinations({ places }: { places: readonly SearchPlace[] }) {
  if (places.length === 0) return null;
  return (
    <section className="cat-destinations" aria-labelledby="cat-destinations-title">
      <h2 id="cat-destinations-title" className="cat-destinations__title">
        Места
      </h2>
      <PlaceList places={places} label="Места" />
    </section>
  );
}

/** Nothing matched: what to try instead. */
export function NothingFound({ q, nearest }: { q: string; nearest: readonly SearchPlace[] }) {
  return (
    <div className="cat-listing__empty">
      <p>
        По запросу «{q}» экскурсий не нашлось. Проверьте написание, уберите лишние слова или сбросьте фильтры.
      </p>
      {nearest.length > 0 && (
        <>
          <h2 className="cat-destinations__title">Может быть, вам подойдут эти направления</h2>
          <PlaceList places={nearest} label="Ближайшие направления" />
        </>
      )}
    </div>
  );
}

const priceLabel = (band: FacetBand) =>
  band.min === 0 ? `до ${formatPrice((band.max ?? 0) + 1)}` : band.max === null ? `от ${formatPrice(band.min)}` : `${formatPrice(band.min)} – ${formatPrice(band.max + 1)}`;
const durationLabel = (band: FacetBand) =>
  DURATIONS.find((d) => (d.min ?? 0) === band.min && (d.max ?? null) === band.max)?.label ?? `${band.min}–${band.max ?? ''} мин`;

interface FacetLink {
  key: string;
  label: string;
  count: number;
  changes: Record<string, string | number | undefined>;
  current: boolean;
}

/** Counts of the matches by city, format, duration and price, as links that set the filter. */
export function Facets({ facets, query, params }: { facets: SearchFacets; query: ExcursionListQuery; params: URLSearchParams }) {
  const groups: { title: string; links: FacetLink[] }[] = [
    {
      title: 'Город',
      links: facets.cities.map((c) => ({
        key: `${c.region_slug}/${c.slug}`,
        label: c.name,
        count: c.count,
        changes: { region: c.region_slug, city: c.slug, country: undefined },
        current: query.city === c.slug && query.region === c.region_slug,
      })),
    },
    {
      title: 'Формат',
      links: facets.formats.map((f) => ({
        key: f.value,
        label: FORMAT_LABEL[f.value],
        count: f.count,
        changes: { format: f.value },
        current: query.format === f.value,
      })),
    },
    {
      title: 'Длительность',
      links: facets.durations.map((b) => ({
        key: `${b.min}-${b.max ?? ''}`,
        label: durationLabel(b),
        count: b.count,
        changes: { duration_min: b.min || undefined, duration_max: b.max ?? undefined },
        current: (query.duration_min ?? 0) === b.min && (query.duration_max ?? null) === b.max,
      })),
    },
    {
      title: 'Цена',
      links: facets.prices.map((b) => ({
        key: `${b.min}-${b.max ?? ''}`,
        label: priceLabel(b),
        count: b.count,
        changes: { price_min: b.min || undefined, price_max: b.max ?? undefined },
        current: (query.price_min ?? 0) === b.min && (query.price_max ?? null) === b.max,
      })),
    },
  ].filter((g) => g.links.length > 0);
  if (groups.length === 0) return null;
  return (
    <nav className="cat-facets" aria-label="Уточнить поиск">
      {groups.map((group) => (
        <div key={group.title} className="cat-facets__group">
          <h2 className="cat-facets__title">{group.title}</h2>
          <ul className="cat-facets__list">
            {group.links.map((link) => (
              <li key={link.key}>
                <Link
                  to={`/excursion?${changeSearch(params, link.changes).toString()}`}
                  className="cat-facets__link"
                  aria-current={link.current ? 'true' : undefined}
                >
                  {link.label} <span className="cat-facets__count">{link.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

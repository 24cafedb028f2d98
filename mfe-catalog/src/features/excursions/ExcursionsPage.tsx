import { useLoaderData, useNavigation, useSearchParams } from '@excursio/shared/router';
import { pluralRu } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { Pager } from '../../components/Pager';
import { CatalogPage, HOME_CRUMB } from '../../layout/CatalogPage';
import { SearchBox } from '../../components/SearchBox';
import type { ExcursionsData } from './excursionsLoader';
import { changeSearch } from './filters';
import { FiltersPanel, type FilterChanges } from './FiltersPanel';
import { CorrectedQuery, Destinations, Facets, NothingFound } from './SearchParts';
import { SortSelect } from './SortSelect';
import './listing.css';

/** The heading says what is listed: a search, a city, a country or everything. */
function headingOf({ query, options }: ExcursionsData): string {
  if (query.q) return `Экскурсии по запросу «${query.q}»`;
  const city = options.cities.find((c) => c.slug === query.city && c.region_slug === query.region);
  if (city) return `Экскурсии: ${city.name}`;
  const country = options.countries.find((c) => c.slug === query.country);
  if (country) return `Экскурсии: ${country.name}`;
  return 'Экскурсии';
}

/** /excursion — every excursion, with filters and sorting in the address and numbered pages. */
export function ExcursionsPage() {
  const loaded = useLoaderData() as ExcursionsData;
  const { query, list, options, search } = loaded;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const change = (changes: FilterChanges) => setParams(changeSearch(params, changes));
  const heading = headingOf(loaded);
  const busy = navigation.state === 'loading' && navigation.location.pathname === '/excursion';

  return (
    <CatalogPage
      heading={heading}
      description="Экскурсии с местными гидами: фильтры по городу, дате, цене, длительности, языку и рейтингу."
      crumbs={[HOME_CRUMB]}
    >
      <div className="cat-listing__search">
        <SearchBox key={query.q ?? ''} initial={query.q ?? ''} />
      </div>
      <div className="cat-listing">
        <aside className="cat-listing__filters">
          <FiltersPanel query={query} options={options} onChange={change} />
        </aside>
        <div className="cat-listing__main" aria-busy={busy}>
          {search && (
            <>
              <CorrectedQuery corrected={search.query.corrected} />
              <Destinations places={search.destinations} />
              <Facets facets={search.facets} query={query} params={params} />
            </>
          )}
          <div className="cat-listing__toolbar">
            <output className="cat-listing__count">
              {list.total > 0 ? `Найдено ${pluralRu(list.total, EXCURSION_FORMS)}` : 'Ничего не найдено'}
            </output>
            <SortSelect value={query.sort} onChange={(sort) => change({ sort: sort === 'popular' ? undefined : sort })} />
          </div>
          {list.data.length > 0 ? (
            <>
              {/* the cards' titles are h3: the list needs its h2 for the headings to stay in order */}
              <h2 className="cat-sr">Найденные экскурсии</h2>
              <ExcursionGrid excursions={list.data} label="Экскурсии" />
            </>
          ) : search ? (
            <NothingFound q={search.query.corrected ?? query.q ?? ''} nearest={search.nearest} />
          ) : (
            <p className="cat-listing__empty">
              По этим условиям экскурсий нет. Попробуйте другую дату, расширьте диапазон цены или сбросьте фильтры.
            </p>
          )}
          <Pager current={list.current_page} last={list.last_page} />
        </div>
      </div>
    </CatalogPage>
  );
}

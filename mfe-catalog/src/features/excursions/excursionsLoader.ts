import type { LoaderFunctionArgs } from '@excursio/shared/router';
import type { ExcursionListQuery, TagRef } from '@excursio/shared';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { searchApi } from '../../api/search';
import { knownTag, rememberTags } from '../../api/tagNames';
import { cityOptions, countryOptions } from './filterOptions';
import type { FilterOptions } from './FiltersPanel';
import { queryFromSearch } from './filters';
import { orRouteError } from '@excursio/shared';

/** Tags to offer: the chosen city's tags, or those of the excursions found; the chosen one always. */
async function tagOptions(query: ExcursionListQuery, found: readonly { tags: readonly TagRef[] }[]): Promise<TagRef[]> {
  let tags: TagRef[] = [];
  if (query.region && query.city) {
    tags = await geoApi
      .city(query.region, query.city)
      .then((res) => res.data.tags)
      .catch(() => []);
  }
  if (tags.length === 0) tags = found.flatMap((e) => e.tags);
  rememberTags(tags);
  const chosen = query.tag ? knownTag(query.tag) : undefined;
  const unique = new Map([...(chosen ? [chosen] : []), ...tags].map((t) => [t.slug, t]));
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

/** /excursion: the page of excursions the address asks for, and what the filters offer. */
export async function excursionsLoader({ request }: LoaderFunctionArgs) {
  const query = queryFromSearch(new URL(request.url).searchParams);
  // a search text goes to the search index (destinations, marked words, facets); the plain list otherwise
  const q = query.q;
  const [found, countries, cities] = await Promise.all([
    q
      ? orRouteError(request, searchApi.results({ ...query, q }, request.signal)).then((res) => ({ list: res.data.excursions, search: res.data }))
      : orRouteError(request, excursionsApi.excursions(query, request.signal)).then((res) => ({ list: res.data, search: null })),
    countryOptions(),
    cityOptions(),
  ]);
  const options: FilterOptions = { countries, cities, tags: await tagOptions(query, found.list.data) };
  return { query, list: found.list, search: found.search, options };
}

export type ExcursionsData = Awaited<ReturnType<typeof excursionsLoader>>;

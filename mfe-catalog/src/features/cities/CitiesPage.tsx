import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { useLoaderData } from '@excursio/shared/router';
import type { CityCard } from '@excursio/shared';
import { geoApi } from '../../api/geo';

/** The largest list the cities call gives (its `limit` maximum). */
export const DIRECTORY_LIMIT = 100;
import { RegionList } from './RegionList';

/** Every city (null: the call failed, and the list is left out: spec §8). */
export async function citiesLoader(): Promise<{ cities: CityCard[] | null }> {
  const cities = await geoApi
    .cities(DIRECTORY_LIMIT)
    .then((res) => res.data.data)
    .catch(() => null);
  return { cities };
}

/** /excursion/cities — every city, grouped by region. */
export function CitiesPage() {
  const { cities } = useLoaderData() as Awaited<ReturnType<typeof citiesLoader>>;
  return (
    <CatalogPage
      heading="Города"
      title="Все города"
      description="Все города с экскурсиями от местных гидов на Excursio."
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    >
      {cities &&
        (cities.length > 0 ? (
          <RegionList cities={cities} />
        ) : (
          <p className="cat-dir__status">Пока нет ни одного города с экскурсиями.</p>
        ))}
    </CatalogPage>
  );
}

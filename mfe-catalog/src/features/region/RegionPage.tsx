import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { CityTile, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { geoApi } from '../../api/geo';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { PlaceIntro } from '../../components/PlaceIntro';

export async function regionLoader({ params, request }: LoaderFunctionArgs) {
  return (await orRouteError(request, geoApi.region(params.region ?? ''))).data;
}

/** /excursion/:region — the region's cities and its most popular excursions. */
export function RegionPage() {
  const region = useLoaderData() as Awaited<ReturnType<typeof regionLoader>>;
  const total = region.cities.reduce((sum, c) => sum + c.excursions_count, 0);
  return (
    <CatalogPage
      heading={region.name}
      title={`Экскурсии: ${region.name}`}
      description={region.description || `Экскурсии с местными гидами: ${region.name}.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB, { label: region.country.name, to: `/country/${region.country.slug}` }]}
    >
      <PlaceIntro photo={region.photo_url} name={region.name} description={region.description} facts={[pluralRu(total, EXCURSION_FORMS)]} />
      {region.cities.length > 0 && (
        <Section title="Города" more={{ to: `/excursion/guides/regions/${region.slug}`, label: 'Гиды региона' }}>
          <TileGrid>
            {region.cities.map((city) => (
              <li key={city.id}>
                <CityTile city={city} showRegion={false} />
              </li>
            ))}
          </TileGrid>
        </Section>
      )}
      {region.excursions.length > 0 && (
        <Section title="Популярные экскурсии" more={{ to: `/excursion/reviews/${region.slug}`, label: 'Отзывы' }}>
          <ExcursionGrid excursions={region.excursions} />
        </Section>
      )}
    </CatalogPage>
  );
}

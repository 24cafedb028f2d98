import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { CityTile, PlaceTile, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { geoApi } from '../../api/geo';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { PlaceIntro } from '../../components/PlaceIntro';

export async function countryLoader({ params, request }: LoaderFunctionArgs) {
  return (await orRouteError(request, geoApi.country(params.countrySlug ?? ''))).data;
}

/** /country/:countrySlug — the country, its regions and its cities. */
export function CountryPage() {
  const country = useLoaderData() as Awaited<ReturnType<typeof countryLoader>>;
  const total = country.regions.reduce((sum, r) => sum + r.excursions_count, 0);
  return (
    <CatalogPage
      heading={country.name}
      title={`Экскурсии: ${country.name}`}
      description={country.description || `Экскурсии с местными гидами: ${country.name}.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    >
      <PlaceIntro
        photo={country.photo_url}
        name={country.name}
        description={country.description}
        facts={[pluralRu(total, EXCURSION_FORMS), pluralRu(country.cities.length, ['город', 'города', 'городов'])]}
      />
      {country.cities.length > 0 && (
        <Section title="Города" more={{ to: `/excursion?country=${country.slug}`, label: 'Все экскурсии страны' }}>
          <TileGrid>
            {country.cities.map((city) => (
              <li key={city.id}>
                <CityTile city={city} />
              </li>
            ))}
          </TileGrid>
        </Section>
      )}
      {country.regions.length > 0 && (
        <Section title="Регионы">
          <TileGrid>
            {country.regions.map((region) => (
              <li key={region.id}>
                <PlaceTile
                  to={`/excursion/${region.slug}`}
                  photo={region.photo_url}
                  name={region.name}
                  notes={[pluralRu(region.excursions_count, EXCURSION_FORMS)]}
                />
              </li>
            ))}
          </TileGrid>
        </Section>
      )}
    </CatalogPage>
  );
}

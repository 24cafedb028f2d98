import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { GuideTile } from '../../components/GuideTile';
import { guidesApi } from '../../api/guides';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import type { Crumb } from '../../layout/Breadcrumbs';
import { tailOf } from '../../lib/multiSegment';
import './guides.css';
import { orRouteError } from '@excursio/shared';

export async function guidesByPlaceLoader({ request }: LoaderFunctionArgs) {
  return (await orRouteError(request, guidesApi.guidesByPlace(tailOf(request, 'guides/regions')))).data;
}

/** /excursion/guides/regions/{region}[/{city}] — the guides of a region or a city. */
export function GuidesByPlacePage() {
  const { region, city, guides } = useLoaderData() as Awaited<ReturnType<typeof guidesByPlaceLoader>>;
  const place = city ?? region;
  const crumbs: Crumb[] = [HOME_CRUMB, EXCURSIONS_CRUMB, { label: region.name, to: `/excursion/${region.slug}` }];
  if (city) crumbs.push({ label: city.name, to: `/excursion/${region.slug}/${city.slug}` });
  return (
    <CatalogPage heading={`Гиды: ${place.name}`} description={`Местные гиды: ${place.name}. Авторские экскурсии и отзывы.`} crumbs={crumbs}>
      {guides.length > 0 ? (
        <ul className="cat-guides">
          {guides.map((guide) => (
            <li key={guide.id}>
              <GuideTile guide={guide} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="cat-page__muted">Здесь пока нет гидов.</p>
      )}
    </CatalogPage>
  );
}

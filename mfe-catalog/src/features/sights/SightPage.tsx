import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { sightsApi } from '../../api/sights';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { PlaceIntro } from '../../components/PlaceIntro';
import { tailOf } from '../../lib/multiSegment';

export async function sightLoader({ request }: LoaderFunctionArgs) {
  return (await orRouteError(request, sightsApi.sight(tailOf(request, 'sight')))).data;
}

/** /excursion/sight/{slug…} — a sight and the excursions that show it. */
export function SightPage() {
  const sight = useLoaderData() as Awaited<ReturnType<typeof sightLoader>>;
  return (
    <CatalogPage
      heading={sight.name}
      title={`${sight.name}: экскурсии`}
      description={sight.description || `Экскурсии с посещением: ${sight.name}, ${sight.city.name}.`}
      crumbs={[
        HOME_CRUMB,
        EXCURSIONS_CRUMB,
        { label: sight.region.name, to: `/excursion/${sight.region.slug}` },
        { label: sight.city.name, to: `/excursion/${sight.region.slug}/${sight.city.slug}` },
      ]}
    >
      <PlaceIntro
        photo={sight.photo_url}
        name={sight.name}
        description={sight.description}
        facts={[sight.city.name, pluralRu(sight.excursions.length, EXCURSION_FORMS)]}
      />
      <Section title="Экскурсии с посещением">
        {sight.excursions.length > 0 ? (
          <ExcursionGrid excursions={sight.excursions} />
        ) : (
          <p className="cat-page__muted">Экскурсий сюда пока нет.</p>
        )}
      </Section>
    </CatalogPage>
  );
}

import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { Photo } from '../../components/Photo';
import { RatingStars } from '../../components/RatingStars';
import { ReviewList } from '../../components/ReviewItem';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS, languagesText } from '../../components/excursionText';
import { guidesApi } from '../../api/guides';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import type { Crumb } from '../../layout/Breadcrumbs';
import './guides.css';

export async function guideLoader({ params, request }: LoaderFunctionArgs) {
  return (await orRouteError(request, guidesApi.guide(params.slug ?? ''))).data;
}

/** /excursion/guides/:slug — the guide, their excursions and reviews. */
export function GuidePage() {
  const guide = useLoaderData() as Awaited<ReturnType<typeof guideLoader>>;
  const crumbs: Crumb[] = [HOME_CRUMB, EXCURSIONS_CRUMB];
  if (guide.region) crumbs.push({ label: `Гиды: ${guide.region.name}`, to: `/excursion/guides/regions/${guide.region.slug}` });
  return (
    <CatalogPage
      heading={guide.name}
      title={`Гид ${guide.name}`}
      description={guide.bio || `Экскурсии гида ${guide.name}.`}
      crumbs={crumbs}
    >
      <div className="cat-guide-intro">
        <Photo src={guide.photo_url} alt={guide.name} ratio="1/1" eager className="cat-guide-intro__photo" />
        <div className="cat-guide-intro__text">
          <RatingStars value={guide.rating} count={guide.reviews_count} size="md" />
          <dl className="cat-guide-intro__facts">
            {guide.region && (
              <div>
                <dt>Регион</dt>
                <dd>{guide.region.name}</dd>
              </div>
            )}
            {guide.languages.length > 0 && (
              <div>
                <dt>Языки</dt>
                <dd>{languagesText(guide.languages)}</dd>
              </div>
            )}
            <div>
              <dt>Экскурсии</dt>
              <dd>{pluralRu(guide.excursions.length, EXCURSION_FORMS)}</dd>
            </div>
          </dl>
          {guide.bio && <p className="cat-guide-intro__bio">{guide.bio}</p>}
        </div>
      </div>
      {guide.excursions.length > 0 && (
        <Section title="Экскурсии гида">
          <ExcursionGrid excursions={guide.excursions} />
        </Section>
      )}
      {guide.reviews.length > 0 && (
        <Section title="Отзывы">
          <ReviewList reviews={guide.reviews} showExcursion />
        </Section>
      )}
    </CatalogPage>
  );
}

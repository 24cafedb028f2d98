import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { Pager } from '../../components/Pager';
import { RatingStars, REVIEW_FORMS } from '../../components/RatingStars';
import { ReviewList } from '../../components/ReviewItem';
import { reviewsApi } from '../../api/reviews';
import { pageParam } from '../../components/pagination';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import type { Crumb } from '../../layout/Breadcrumbs';
import { tailOf } from '../../lib/multiSegment';

export async function reviewsLoader({ request }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url)) ?? 1;
  return (await orRouteError(request, reviewsApi.placeReviews(tailOf(request, 'reviews'), page))).data;
}

/** /excursion/reviews/{region}[/{city}[/{excursion}]] — reviews of a place or an excursion, by pages. */
export function ReviewsPage() {
  const { region, city, excursion, rating, reviews } = useLoaderData() as Awaited<ReturnType<typeof reviewsLoader>>;
  const crumbs: Crumb[] = [HOME_CRUMB, EXCURSIONS_CRUMB, { label: region.name, to: `/excursion/${region.slug}` }];
  if (city) crumbs.push({ label: city.name, to: `/excursion/${region.slug}/${city.slug}` });
  if (excursion && city) crumbs.push({ label: excursion.title, to: `/excursion/${region.slug}/${city.slug}/${excursion.slug}` });
  const about = excursion?.title ?? city?.name ?? region.name;
  return (
    <CatalogPage heading={`Отзывы: ${about}`} description={`Отзывы путешественников об экскурсиях: ${about}.`} crumbs={crumbs}>
      {reviews.total > 0 ? (
        <>
          <p className="cat-page__lead">
            <RatingStars value={rating} size="md" /> · {pluralRu(reviews.total, REVIEW_FORMS)}
          </p>
          <ReviewList reviews={reviews.data} showExcursion={!excursion} />
          <Pager current={reviews.current_page} last={reviews.last_page} />
        </>
      ) : (
        <p className="cat-page__muted">Отзывов пока нет.</p>
      )}
    </CatalogPage>
  );
}

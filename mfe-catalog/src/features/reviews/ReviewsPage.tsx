import { useLocation } from 'react-router';
import { tailSegments } from '../routing/splatPrecedence';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { humanizeSlug } from '../directory/cityDirectory';

/** /excursion/reviews/<slug…> — reviews of a place; the last segment names it. */
export function ReviewsPage() {
  const segments = tailSegments(useLocation().pathname, 'reviews');
  const name = humanizeSlug(segments[segments.length - 1] ?? '');
  const heading = `Отзывы: ${name}`;
  return (
    <CatalogPage
      heading={heading}
      description={`Отзывы путешественников об экскурсиях: ${name}.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    />
  );
}

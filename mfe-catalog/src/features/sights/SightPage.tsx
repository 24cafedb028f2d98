import { useLocation } from 'react-router';
import { tailSegments } from '../routing/splatPrecedence';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { humanizeSlug } from '../directory/cityDirectory';

/** /excursion/sight/<slug…> — a sight; the last segment names it. */
export function SightPage() {
  const segments = tailSegments(useLocation().pathname, 'sight');
  const name = humanizeSlug(segments[segments.length - 1] ?? '');
  return (
    <CatalogPage
      heading={name}
      description={`Экскурсии с посещением: ${name}.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    />
  );
}

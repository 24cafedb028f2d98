import { useLocation } from 'react-router';
import { CatalogPage, HOME_CRUMB } from '../page/CatalogPage';
import { docBySlug } from './docsCatalog';

/** /docs/<slug>: one of the nine documents; the route table only mounts known slugs. */
export function DocPage() {
  const { pathname } = useLocation();
  const doc = docBySlug(pathname.split('/').filter(Boolean).pop());
  if (!doc) return null;
  return <CatalogPage heading={doc.title} description={doc.description} crumbs={[HOME_CRUMB]} />;
}

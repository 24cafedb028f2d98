import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { orRouteError } from '@excursio/shared';
import { DocBlocks } from '../../components/DocBlocks';
import { contentApi } from '../../api/content';
import { CatalogPage, HOME_CRUMB } from '../../layout/CatalogPage';
import { docBySlug } from './docsCatalog';
import { formatDay } from '../../components/formatDay';

function slugOf(request: Request): string {
  return new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? '';
}

export async function docLoader({ request }: LoaderFunctionArgs) {
  const slug = slugOf(request);
  const document = (await orRouteError(request, contentApi.document(slug))).data;
  return { document, entry: docBySlug(slug) };
}

/** /docs/<slug>: one of the nine documents, its text from the api as blocks (never HTML). */
export function DocPage() {
  const { document, entry } = useLoaderData() as Awaited<ReturnType<typeof docLoader>>;
  return (
    <CatalogPage heading={document.title} description={entry?.description ?? document.title} crumbs={[HOME_CRUMB]}>
      <p className="cat-page__muted cat-doc__updated">Обновлено {formatDay(document.updated_at)}</p>
      <DocBlocks blocks={document.body} />
    </CatalogPage>
  );
}

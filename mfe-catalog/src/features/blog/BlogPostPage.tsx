import { useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { orRouteError } from '@excursio/shared';
import { DocBlocks } from '../../components/DocBlocks';
import { Photo } from '../../components/Photo';
import { contentApi } from '../../api/content';
import { CatalogPage, HOME_CRUMB } from '../../layout/CatalogPage';
import { formatDay } from '../../components/formatDay';
import './blog.css';

export async function blogPostLoader({ params, request }: LoaderFunctionArgs) {
  return (await orRouteError(request, contentApi.blogPost(params.postSlug ?? ''))).data;
}

/** /blog/:postSlug — one post; its body is blocks rendered as text, never HTML. */
export function BlogPostPage() {
  const post = useLoaderData() as Awaited<ReturnType<typeof blogPostLoader>>;
  return (
    <CatalogPage heading={post.title} description={post.excerpt} crumbs={[HOME_CRUMB, { label: 'Блог', to: '/blog' }]}>
      <time className="cat-blog__date" dateTime={post.published_at}>
        {formatDay(post.published_at)}
      </time>
      <div className="cat-blog__cover">
        <Photo src={post.cover_url} alt={post.title} ratio="16/9" eager />
      </div>
      <DocBlocks blocks={post.body} />
    </CatalogPage>
  );
}

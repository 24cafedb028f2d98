import { Link, useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { orRouteError } from '@excursio/shared';
import { Pager } from '../../components/Pager';
import { Photo } from '../../components/Photo';
import { contentApi } from '../../api/content';
import { pageParam } from '../../components/pagination';
import { CatalogPage, HOME_CRUMB } from '../../layout/CatalogPage';
import { formatDay } from '../../components/formatDay';
import './blog.css';

export async function blogLoader({ request }: LoaderFunctionArgs) {
  return (await orRouteError(request, contentApi.blog(pageParam(new URL(request.url)) ?? 1, 12))).data;
}

/** /blog — the posts, newest first, by pages. */
export function BlogPage() {
  const posts = useLoaderData() as Awaited<ReturnType<typeof blogLoader>>;
  return (
    <CatalogPage heading="Блог" description="Блог Excursio: идеи для поездок, советы путешественникам и рассказы гидов." crumbs={[HOME_CRUMB]}>
      {posts.data.length > 0 ? (
        <ul className="cat-blog">
          {posts.data.map((post) => (
            <li key={post.id}>
              <article className="cat-blog__card">
                <Photo src={post.cover_url} alt="" ratio="16/9" />
                <div className="cat-blog__body">
                  <time className="cat-blog__date" dateTime={post.published_at}>
                    {formatDay(post.published_at)}
                  </time>
                  <h2 className="cat-blog__title">
                    <Link to={`/blog/${post.slug}`} className="cat-blog__link">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="cat-blog__excerpt">{post.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="cat-page__muted">Статей пока нет.</p>
      )}
      <Pager current={posts.current_page} last={posts.last_page} />
    </CatalogPage>
  );
}

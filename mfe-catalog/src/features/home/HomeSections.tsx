import { Link } from '@excursio/shared/router';
import { formatDate, pluralRu } from '@excursio/shared';
import { contentApi } from '../../api/content';
import { excursionsApi } from '../../api/excursions';
import { reviewsApi } from '../../api/reviews';
import { sightsApi } from '../../api/sights';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { Photo } from '../../components/Photo';
import { PlaceTile, TileGrid } from '../../components/PlaceTile';
import { ReviewList } from '../../components/ReviewItem';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { useSection } from './useSection';

/** «Популярные экскурсии» of the whole catalog. */
export function PopularExcursions() {
  const state = useSection(() => excursionsApi.popularExcursions(8).then((res) => res.data));
  if (state.status !== 'ready') return null;
  return (
    <Section title="Популярные экскурсии" more={{ to: '/excursion', label: 'Все экскурсии' }}>
      <ExcursionGrid excursions={state.items} />
    </Section>
  );
}

/** «Главные достопримечательности». */
export function TopSights() {
  const state = useSection(() => sightsApi.popularSights(8).then((res) => res.data));
  if (state.status !== 'ready') return null;
  return (
    <Section title="Главные достопримечательности">
      <TileGrid>
        {state.items.map((sight) => (
          <li key={sight.id}>
            <PlaceTile
              to={`/excursion/sight/${sight.slug}`}
              photo={sight.photo_url}
              name={sight.name}
              notes={[sight.city.name, pluralRu(sight.excursions_count, EXCURSION_FORMS)]}
            />
          </li>
        ))}
      </TileGrid>
    </Section>
  );
}

/** «Свежие отзывы» about any excursion. */
export function FreshReviews() {
  const state = useSection(() => reviewsApi.freshReviews(6).then((res) => res.data));
  if (state.status !== 'ready') return null;
  return (
    <Section title="Свежие отзывы">
      <div className="cat-home__reviews">
        <ReviewList reviews={state.items} showExcursion />
      </div>
    </Section>
  );
}

/** The three latest blog posts. */
export function BlogTeaser() {
  const state = useSection(() => contentApi.blog(1, 3).then((res) => res.data.data));
  if (state.status !== 'ready') return null;
  return (
    <Section title="Блог о путешествиях" more={{ to: '/blog', label: 'Все статьи' }}>
      <ul className="cat-home__posts">
        {state.items.map((post) => (
          <li key={post.id}>
            <Link to={`/blog/${post.slug}`} className="cat-home__post">
              <Photo src={post.cover_url} alt="" ratio="16/9" />
              <span className="cat-home__post-title">{post.title}</span>
              <time className="cat-home__post-date" dateTime={post.published_at}>
                {formatDate(post.published_at)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

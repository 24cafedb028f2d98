import { Link } from '@excursio/shared/router';
import { pluralRu } from '@excursio/shared';
import type { BlogPostCard, ExcursionCard, ReviewCard, SightCard } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { Photo } from '../../components/Photo';
import { PlaceTile, TileGrid } from '../../components/PlaceTile';
import { ReviewList } from '../../components/ReviewItem';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { formatDay } from '../../components/formatDay';

/** «Популярные экскурсии» of the whole catalog. */
export function PopularExcursions({ items }: { items: ExcursionCard[] }) {
  if (items.length === 0) return null;
  return (
    <Section title="Популярные экскурсии" more={{ to: '/excursion', label: 'Все экскурсии' }}>
      <ExcursionGrid excursions={items} />
    </Section>
  );
}

/** «Главные достопримечательности». */
export function TopSights({ items }: { items: SightCard[] }) {
  if (items.length === 0) return null;
  return (
    <Section title="Главные достопримечательности">
      <TileGrid>
        {items.map((sight) => (
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
export function FreshReviews({ items }: { items: ReviewCard[] }) {
  if (items.length === 0) return null;
  return (
    <Section title="Свежие отзывы">
      <div className="cat-home__reviews">
        <ReviewList reviews={items} showExcursion />
      </div>
    </Section>
  );
}

/** The three latest blog posts. */
export function BlogTeaser({ items }: { items: BlogPostCard[] }) {
  if (items.length === 0) return null;
  return (
    <Section title="Блог о путешествиях" more={{ to: '/blog', label: 'Все статьи' }}>
      <ul className="cat-home__posts">
        {items.map((post) => (
          <li key={post.id}>
            <Link to={`/blog/${post.slug}`} className="cat-home__post">
              <Photo src={post.cover_url} alt="" ratio="16/9" />
              <span className="cat-home__post-title">{post.title}</span>
              <time className="cat-home__post-date" dateTime={post.published_at}>
                {formatDay(post.published_at)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

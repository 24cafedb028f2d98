import { Link } from '@excursio/shared/router';
import type { TagCount } from '@excursio/shared';

interface TagChipsProps {
  /** The city page address; tags live under `${base}/tags/{slug}`. */
  base: string;
  tags: readonly TagCount[];
  active?: string;
  total: number;
}

/** «Все · Обзорные · Ночные …»: the city's themes as links, the current one marked. */
export function TagChips({ base, tags, active, total }: TagChipsProps) {
  if (tags.length === 0) return null;
  return (
    <nav className="cat-chips" aria-label="Темы экскурсий">
      <ul className="cat-chips__list">
        <li>
          <Link to={base} className="cat-chip" aria-current={active ? undefined : 'page'}>
            Все <span className="cat-chip__count">{total}</span>
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link to={`${base}/tags/${tag.slug}`} className="cat-chip" aria-current={tag.slug === active ? 'page' : undefined}>
              {tag.name} <span className="cat-chip__count">{tag.excursions_count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

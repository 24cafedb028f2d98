import { Link } from '@excursio/shared/router';
import './page.css';

export interface Crumb {
  label: string;
  /** Absent on the current page (the last crumb). */
  to?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className="cat-crumbs" aria-label="Навигационная цепочка">
      <ol className="cat-crumbs__list">
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className="cat-crumbs__item">
            {item.to ? (
              <Link to={item.to} className="cat-crumbs__link">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

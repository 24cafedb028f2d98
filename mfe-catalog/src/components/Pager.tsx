import { Link, useLocation } from '@excursio/shared/router';
import { pageWindow, withPage } from './pagination';
import './pager.css';

interface PagerProps {
  current: number;
  last: number;
  /** Query parameter that carries the page. */
  param?: string;
}

/** Numbered pages as links (?page=N): back and forward keep the page and its scroll position. */
export function Pager({ current, last, param = 'page' }: PagerProps) {
  const { pathname, search } = useLocation();
  if (last <= 1) return null;
  const to = (page: number) => `${pathname}${withPage(search, page, param)}`;
  return (
    <nav className="cat-pager" aria-label="Страницы">
      {current > 1 ? (
        <Link to={to(current - 1)} className="cat-pager__step" rel="prev">
          ‹ Назад
        </Link>
      ) : (
        <span className="cat-pager__step" aria-hidden="true" />
      )}
      <ol className="cat-pager__pages">
        {pageWindow(current, last).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} className="cat-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span className="cat-pager__page cat-pager__page--current" aria-current="page">
                  {page}
                </span>
              ) : (
                <Link to={to(page)} className="cat-pager__page" aria-label={`Страница ${page}`}>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {current < last ? (
        <Link to={to(current + 1)} className="cat-pager__step" rel="next">
          Дальше ›
        </Link>
      ) : (
        <span className="cat-pager__step" aria-hidden="true" />
      )}
    </nav>
  );
}

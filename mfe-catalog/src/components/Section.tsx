import { useId, type ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import './section.css';

interface SectionProps {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
  busy?: boolean;
}

/** A titled block of a page (a region named by its heading), with an optional «all» link. */
export function Section({ title, more, children, busy }: SectionProps) {
  const id = useId();
  return (
    <section className="cat-section" aria-labelledby={id} aria-busy={busy || undefined}>
      <div className="cat-section__head">
        <h2 id={id} className="cat-section__title">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="cat-section__more">
            {more.label}
          </Link>
        )}
      </div>
      {busy && (
        <p className="cat-sr" role="status">
          Загружаем «{title}»…
        </p>
      )}
      {children}
    </section>
  );
}

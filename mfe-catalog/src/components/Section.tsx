import { useId, type ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import './section.css';

interface SectionProps {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}

/** A titled block of a page (a region named by its heading), with an optional «all» link. */
export function Section({ title, more, children }: SectionProps) {
  const id = useId();
  return (
    <section className="cat-section" aria-labelledby={id}>
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
      {children}
    </section>
  );
}

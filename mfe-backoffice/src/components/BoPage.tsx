import type { ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import './page.css';

interface BoPageProps {
  heading: string;
  /** A link back to the section's list. */
  back?: { to: string; label: string };
  /** Buttons or links beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A back-office page: document title, h1 (the shell announces it) and the page's content. */
export function BoPage({ heading, back, actions, children }: BoPageProps) {
  return (
    <div className="bo-page">
      <title>{`${heading} — бэк-офис Excursio`}</title>
      <meta name="robots" content="noindex, nofollow" />
      {back && (
        <Link className="bo-page__back" to={back.to}>
          ← {back.label}
        </Link>
      )}
      <div className="bo-page__head">
        <h1 className="bo-page__title">{heading}</h1>
        {actions && <div className="bo-page__actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** The one sentence a list shows while it is empty. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="bo-page__empty">{children}</p>;
}

/** A small labelled badge (a status, a role); `tone` picks its colours. */
export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'ok' | 'warn' | 'danger' | 'info'; children: ReactNode }) {
  return <span className={`bo-badge bo-badge--${tone}`}>{children}</span>;
}

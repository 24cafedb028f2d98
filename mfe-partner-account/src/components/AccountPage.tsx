import type { ReactNode } from 'react';
import './account-page.css';

interface AccountPageProps {
  heading: string;
  /** Document title when it differs from the heading. */
  title?: string;
  children?: ReactNode;
}

/** Frame of a partner account page: document title and h1 (the shell draws the account layout). */
export function AccountPage({ heading, title, children }: AccountPageProps) {
  return (
    <div className="pa-page">
      <title>{`${title ?? heading} — Excursio`}</title>
      <meta name="description" content="Личный кабинет партнёра на Excursio." />
      <h1 className="pa-page__title">{heading}</h1>
      {children}
    </div>
  );
}

/** The one sentence a page shows while it has nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="pa-page__empty">{children}</p>;
}

import type { ReactNode } from 'react';
// the shared controls' look (buttons, fields, cards) for every page of the account, whichever of them it uses
import '@excursio/shared/ui.css';
import './account-page.css';

interface AccountPageProps {
  heading: string;
  /** Document title when it differs from the heading. */
  title?: string;
  children?: ReactNode;
}

/** Frame of a customer account page: document title and h1 (the shell draws the account layout). */
export function AccountPage({ heading, title, children }: AccountPageProps) {
  return (
    <div className="ua-page">
      <title>{`${title ?? heading} — Excursio`}</title>
      <meta name="description" content="Личный кабинет путешественника на Excursio." />
      <h1 className="ua-page__title">{heading}</h1>
      {children}
    </div>
  );
}

/** The one sentence a page shows while it has nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="ua-page__empty">{children}</p>;
}

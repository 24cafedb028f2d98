import type { ReactNode } from 'react';
// the shared controls' look (buttons, fields, cards) for every page of an account, whichever of them it uses
import './ui.css';
import './account-page.css';

export interface AccountPageProps {
  heading: string;
  /** Document title when it differs from the heading. */
  title?: string;
  /** The page's meta description (which account it belongs to). */
  description: string;
  children?: ReactNode;
}

/** Frame of an account page (the customer's or the partner's): document title and h1; the shell draws the layout. */
export function AccountPage({ heading, title, description, children }: AccountPageProps) {
  return (
    <div className="ex-ui-page">
      <title>{`${title ?? heading} — Excursio`}</title>
      <meta name="description" content={description} />
      <h1 className="ex-ui-page__title">{heading}</h1>
      {children}
    </div>
  );
}

/** The one sentence a page shows while it has nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="ex-ui-page__empty">{children}</p>;
}

import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import './page.css';

export const HOME_CRUMB: Crumb = { label: 'Главная', to: '/' };
export const EXCURSIONS_CRUMB: Crumb = { label: 'Экскурсии', to: '/excursion' };

export function documentTitle(page: string): string {
  return `${page} — Excursio`;
}

interface CatalogPageProps {
  /** The page's h1 (and, unless `title` is given, its document title). */
  heading: string;
  title?: string;
  description: string;
  /** Crumbs above the current page; the heading is added as the last one. */
  crumbs: readonly Crumb[];
  children?: ReactNode;
}

/** The frame every public page shares: document title, description, breadcrumbs and h1. */
export function CatalogPage({ heading, title, description, crumbs, children }: CatalogPageProps) {
  return (
    <div className="cat-page">
      <title>{documentTitle(title ?? heading)}</title>
      <meta name="description" content={description} />
      <Breadcrumbs items={[...crumbs, { label: heading }]} />
      <h1 className="cat-page__title">{heading}</h1>
      {children}
    </div>
  );
}

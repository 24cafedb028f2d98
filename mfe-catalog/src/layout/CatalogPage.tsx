import type { ReactNode } from 'react';
import { useLocation, useMatches } from '@excursio/shared/router';
import type { RootRouteData } from '@excursio/shared';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import './page.css';

export const HOME_CRUMB: Crumb = { label: 'Главная', to: '/' };
export const EXCURSIONS_CRUMB: Crumb = { label: 'Экскурсии', to: '/excursion' };

export function documentTitle(page: string): string {
  return `${page} — Excursio`;
}

/** The site's origin as the request reached it (the shell's root route data; '' where there is none, as in tests). */
export function useSiteOrigin(): string {
  const root = useMatches()[0]?.loaderData as Partial<RootRouteData> | null | undefined;
  return typeof root?.origin === 'string' ? root.origin : '';
}

/** The page's own address: its path, and the list page it shows when not the first. */
export function canonicalUrl(origin: string, pathname: string, search: string): string {
  const page = Number(new URLSearchParams(search).get('page'));
  return `${origin}${pathname}${Number.isInteger(page) && page > 1 ? `?page=${page}` : ''}`;
}

/** Structured data (schema.org JSON-LD) as search engines read it; `<` escaped so text can never close the block. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}

interface PageMetaProps {
  /** The whole document title. */
  title: string;
  description: string;
  /** The page's picture for link previews (a site path or an address). */
  image?: string;
}

/**
 * Title, description, canonical address and Open Graph tags. React puts them in <head> (the shell server moves them
 * there in its HTML), so crawlers and link previews read them without running the page.
 */
export function PageMeta({ title, description, image }: PageMetaProps) {
  const origin = useSiteOrigin();
  const { pathname, search } = useLocation();
  const url = canonicalUrl(origin, pathname, search);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Excursio" />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={/^https?:/.test(image) ? image : `${origin}${image}`} />}
    </>
  );
}

/** schema.org BreadcrumbList of a page's crumbs (the current page last, without a link). */
export function breadcrumbData(origin: string, crumbs: readonly Crumb[], current: { label: string; url: string }) {
  const items = [...crumbs.filter((c) => c.to), { label: current.label, to: current.url }];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      item: item.to?.startsWith('http') ? item.to : `${origin}${item.to}`,
    })),
  };
}

interface CatalogPageProps {
  /** The page's h1 (and, unless `title` is given, its document title). */
  heading: string;
  title?: string;
  description: string;
  /** Crumbs above the current page; the heading is added as the last one. */
  crumbs: readonly Crumb[];
  /** The page's picture for link previews. */
  image?: string;
  /** The page's own schema.org object (an excursion's trip and offer), beside its breadcrumbs. */
  structuredData?: object;
  children?: ReactNode;
}

/** The frame every public page shares: head tags, structured data, breadcrumbs and h1. */
export function CatalogPage({ heading, title, description, crumbs, image, structuredData, children }: CatalogPageProps) {
  const origin = useSiteOrigin();
  const { pathname, search } = useLocation();
  return (
    <div className="cat-page">
      <PageMeta title={documentTitle(title ?? heading)} description={description} image={image} />
      <JsonLd data={breadcrumbData(origin, crumbs, { label: heading, url: canonicalUrl(origin, pathname, search) })} />
      {structuredData && <JsonLd data={structuredData} />}
      <Breadcrumbs items={[...crumbs, { label: heading }]} />
      <h1 className="cat-page__title">{heading}</h1>
      {children}
    </div>
  );
}

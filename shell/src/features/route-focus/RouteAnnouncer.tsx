import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from '@excursio/shared/router';

/** How long a new page may take to draw its heading (a lazy remote, its loader) before the announcement gives up. */
export const HEADING_WAIT_MS = 8000;

/** The page's first-level heading, once the page has drawn it (the main landmark holds the page). */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/** A modal or panel holds the focus: the page behind it must not take it. */
function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * After a client-side navigation to another page (not a new query on the same page), moves the focus to the new
 * page's h1 and says its name in a polite live region: a screen-reader user hears where they are, a keyboard user
 * goes on from the top of the content instead of from a link that no longer exists. The first page load is left to
 * the browser, which reads the new document itself.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const idle = useNavigation().state === 'idle';
  const [message, setMessage] = useState('');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!idle) return undefined;
    if (shown.current === null) {
      shown.current = pathname;
      return undefined;
    }
    if (shown.current === pathname) return undefined;
    shown.current = pathname;

    let done = false;
    const arrive = (heading: HTMLElement) => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      if (!overlayOpen()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      // cleared first, so the same title on two pages in a row is still spoken
      setMessage('');
      window.requestAnimationFrame(() => setMessage(heading.textContent?.trim() ?? ''));
    };
    const observer = new MutationObserver(() => {
      const heading = pageHeading();
      if (heading && !done) arrive(heading);
    });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    const now = pageHeading();
    if (now) arrive(now);
    else observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, idle]);

  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a live region saying where the visitor now is, not the result of their action that <output> stands for (and pages look for their own results in <output>)
    <div className="sh-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}

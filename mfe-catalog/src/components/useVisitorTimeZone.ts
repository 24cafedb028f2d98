import { useSyncExternalStore } from 'react';
import { visitorTimeZone } from '@excursio/shared/time';

const unchanging = () => () => undefined;

/**
 * The visitor's time zone — null while the page still matches the server's HTML (the server cannot know it), the
 * browser's own zone from the render after hydration on (at once on a page rendered in the browser).
 */
export function useVisitorTimeZone(): string | null {
  return useSyncExternalStore(unchanging, visitorTimeZone, () => null);
}

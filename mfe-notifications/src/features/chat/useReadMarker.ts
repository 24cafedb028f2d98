import { useEffect, useRef, type RefObject } from 'react';
import type { ChatStore } from './ChatStore';

/** A message counts as shown when half of it is in view, or a good part of a tall one. */
const SHOWN_RATIO = 0.5;
const SHOWN_HEIGHT_PX = 120;

/**
 * Marks the other side's messages read only when they are really shown: in view (IntersectionObserver with the
 * viewport as root, so a message scrolled away inside the log is not) while the page is visible.
 * Messages carry `data-message-id`, and `data-theirs` when they are the other side's.
 */
export function useReadMarker(list: RefObject<HTMLElement | null>, store: ChatStore): void {
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const shown = new Set<number>();
    const flush = () => {
      if (document.visibilityState === 'visible' && shown.size > 0) store.markRead(Math.max(...shown));
    };
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.messageId);
          const inView = entry.isIntersecting && (entry.intersectionRatio >= SHOWN_RATIO || entry.intersectionRect.height >= SHOWN_HEIGHT_PX);
          if (inView) shown.add(id);
          else shown.delete(id);
        }
        flush();
      },
      { threshold: [0, 0.25, SHOWN_RATIO, 1] },
    );
    observer.current = io;
    document.addEventListener('visibilitychange', flush);
    return () => {
      io.disconnect();
      observer.current = null;
      document.removeEventListener('visibilitychange', flush);
    };
  }, [store]);

  // watch the other side's unread messages as they appear (observing one twice is a no-op)
  const unread = store.messages.filter((m) => !store.isMine(m) && m.id > store.myLastReadId).map((m) => m.id);
  const unreadKey = unread.join(',');
  useEffect(() => {
    const io = observer.current;
    const root = list.current;
    if (!io || !root || !unreadKey) return;
    for (const node of root.querySelectorAll<HTMLElement>('[data-theirs]')) io.observe(node);
  }, [list, unreadKey]);
}

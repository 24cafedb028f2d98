import type { Notification, NotificationPage } from '@excursio/shared/contracts';

export const maxId = (list: readonly Notification[]): number => list.reduce((m, n) => Math.max(m, n.id), 0);

/** Lists joined newest first; of two with the same id the first one given is kept (duplicates by id are ignored). */
export function merged(...lists: readonly (readonly Notification[])[]): Notification[] {
  const byId = new Map<number, Notification>();
  for (const list of lists) for (const n of list) if (!byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/**
 * The list after a page arrives. Page 1 resets it, except for what was pushed while it loaded (not held when the load
 * began and newer than all of page 1): that stays on top. A later page is appended.
 */
export function withPage(all: readonly Notification[], res: NotificationPage, heldBefore: ReadonlySet<number>): Notification[] {
  if (res.current_page > 1) return merged(all, res.data);
  const newest = maxId(res.data);
  return merged(
    all.filter((n) => !heldBefore.has(n.id) && n.id > newest),
    res.data,
  );
}

/** Runs `task` one at a time; a call while it runs makes it run once more afterwards (a reconnect meanwhile is not lost). */
export function serialized(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await task();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

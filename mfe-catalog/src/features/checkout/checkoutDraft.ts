import type { Counts } from './checkoutPrice';

/** What the visitor typed into the order form; kept for the tab's session, so a sign-in loses nothing. */
export interface OrderDraft {
  eventId: number | null;
  counts: Counts;
  name: string;
  phone: string;
  comment: string;
}

const key = (excursionId: number) => `excursio:order-draft:${excursionId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(excursionId: number): OrderDraft | null {
  const raw = storage()?.getItem(key(excursionId));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<OrderDraft>;
    return {
      eventId: typeof d.eventId === 'number' ? d.eventId : null,
      counts: d.counts && typeof d.counts === 'object' ? (d.counts as Counts) : {},
      name: typeof d.name === 'string' ? d.name : '',
      phone: typeof d.phone === 'string' ? d.phone : '',
      comment: typeof d.comment === 'string' ? d.comment : '',
    };
  } catch {
    return null;
  }
}

export function saveDraft(excursionId: number, draft: OrderDraft): void {
  try {
    storage()?.setItem(key(excursionId), JSON.stringify(draft));
  } catch {
    // a full or blocked storage only loses the draft
  }
}

export function clearDraft(excursionId: number): void {
  storage()?.removeItem(key(excursionId));
}

import { useEffect, useState } from 'react';
import type { ExcursionEvent } from '@excursio/shared';
import { excursionSlotsChannel, SLOT_SEATS_EVENT, type SlotSeatsPayload } from '@excursio/shared/contracts';
import { excursionsApi } from '../api/excursions';
import { publicChannels, type PublicChannels } from './publicChannels';

const loadEvents = (id: number) => excursionsApi.excursionEvents(id).then((res) => res.data);

/** A slot's seats as pushed: merged into the list; a slot no longer offered (cancelled) leaves it. */
export function applySlotSeats(list: readonly ExcursionEvent[], seats: SlotSeatsPayload): readonly ExcursionEvent[] {
  if (!list.some((e) => e.id === seats.event_id)) return list;
  if (!seats.active) return list.filter((e) => e.id !== seats.event_id);
  return list.map((e) =>
    e.id === seats.event_id ? { ...e, seats_left: seats.seats_left, bookable: seats.bookable, gathering: seats.gathering } : e,
  );
}

/**
 * The excursion's slots, live (issue 32 §1: a group gathers as others book): its public channel pushes each slot's seats
 * and group. Each (re)subscription re-reads the list (a page rendered earlier, a socket that was away); what is pushed
 * while that read is on its way is applied on top of it.
 */
export function useLiveEvents(
  excursionId: number,
  initial: readonly ExcursionEvent[],
  channels: Pick<PublicChannels, 'watch'> = publicChannels,
  load: (id: number) => Promise<readonly ExcursionEvent[]> = loadEvents,
): readonly ExcursionEvent[] {
  const [events, setEvents] = useState(initial);
  useEffect(() => setEvents(initial), [initial]);
  useEffect(() => {
    let alive = true;
    let pending: SlotSeatsPayload[] | null = null;
    const stop = channels.watch(excursionSlotsChannel(excursionId), {
      onEvent: (event, data) => {
        if (event !== SLOT_SEATS_EVENT) return;
        const seats = data as SlotSeatsPayload;
        pending?.push(seats);
        setEvents((list) => applySlotSeats(list, seats));
      },
      onSubscribed: () => {
        const arrived: SlotSeatsPayload[] = [];
        pending = arrived;
        load(excursionId).then(
          (fresh) => {
            if (!alive || pending !== arrived) return;
            pending = null;
            setEvents(arrived.reduce(applySlotSeats, fresh));
          },
          () => {
            if (pending === arrived) pending = null;
          },
        );
      },
    });
    return () => {
      alive = false;
      stop();
    };
  }, [excursionId, channels, load]);
  return events;
}

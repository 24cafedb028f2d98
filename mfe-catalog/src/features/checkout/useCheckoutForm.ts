import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@excursio/shared/router';
import { ApiError, bus, session, useSession, type ExcursionDetail, type ExcursionEvent } from '@excursio/shared';
import { contactPhoneDigits, formatPhone } from '@excursio/shared/phone';
import { clearDraft, readDraft, saveDraft, type OrderDraft } from './checkoutDraft';
import { NAME_REQUIRED, orderErrorsOf, PHONE_INVALID, type OrderErrors } from './checkoutErrors';
import { countsFor, seatsOf, unitsFor } from './checkoutPrice';
import { isBookable, seatLimit } from './slots';
import { createAttemptKeys, leaveFor, submitOrder } from './submitOrder';

export type SignInState = 'none' | 'waiting' | 'done';

function initialDraft(excursion: ExcursionDetail, events: readonly ExcursionEvent[], requestedEventId: number | null): OrderDraft {
  const saved = readDraft(excursion.id);
  const bookable = events.filter(isBookable);
  const wanted = [requestedEventId, saved?.eventId].find((id) => id != null && bookable.some((e) => e.id === id));
  const eventId = wanted ?? bookable[0]?.id ?? null;
  const units = unitsFor(excursion, bookable.find((e) => e.id === eventId));
  const counts = saved ? countsFor(units, saved.counts) : countsFor(units, { [units[0]!.code]: 1 });
  return { eventId, counts, name: saved?.name ?? '', phone: saved?.phone ?? '', comment: saved?.comment ?? '' };
}

/** Client-side checks, with the same words the server would use. */
export function validateDraft(excursion: ExcursionDetail, event: ExcursionEvent | undefined, draft: OrderDraft): OrderErrors {
  const errors: OrderErrors = {};
  const seats = seatsOf(draft.counts);
  if (!event) errors.event = 'Выберите дату и время';
  if (seats < 1) errors.participants = 'Укажите хотя бы одного участника';
  else if (seats > seatLimit(excursion, event)) errors.participants = `Не больше ${seatLimit(excursion, event)} участников на это время`;
  if (!draft.name.trim()) errors.name = NAME_REQUIRED;
  if (!contactPhoneDigits(draft.phone)) errors.phone = PHONE_INVALID;
  return errors;
}

/** The order form's state: the draft (kept in sessionStorage), checks, sign-in on the way and submitting. */
export function useCheckoutForm(excursion: ExcursionDetail, events: readonly ExcursionEvent[], requestedEventId: number | null) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => initialDraft(excursion, events, requestedEventId));
  const [errors, setErrors] = useState<OrderErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [signIn, setSignIn] = useState<SignInState>('none');
  const event = useMemo(() => events.find((e) => e.id === draft.eventId), [events, draft.eventId]);
  const { profile } = useSession();

  useEffect(() => saveDraft(excursion.id, draft), [excursion.id, draft]);

  // Contact fields start from the profile (now, or once the visitor signs in) unless something was typed.
  useEffect(() => {
    if (!profile) return;
    setDraft((d) => ({ ...d, name: d.name || profile.name, phone: d.phone || formatPhone(profile.phone) }));
  }, [profile]);

  useEffect(() => {
    if (signIn !== 'waiting') return undefined;
    const stop = new AbortController();
    session
      .until(() => session.isSignedIn, { signal: stop.signal })
      .then(() => setSignIn('done'))
      .catch(() => undefined);
    return () => stop.abort();
  }, [signIn]);

  const update = (changes: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const next = { ...e, form: undefined };
      if ('eventId' in changes) next.event = undefined;
      if ('counts' in changes || 'eventId' in changes) next.participants = undefined;
      if ('name' in changes) next.name = undefined;
      if ('phone' in changes) next.phone = undefined;
      if ('comment' in changes) next.comment = undefined;
      return next;
    });
  };

  const chooseEvent = (next: ExcursionEvent) => {
    const units = unitsFor(excursion, next);
    update({ eventId: next.id, counts: countsFor(units, draft.counts) });
  };

  // the same key for a retry of the same order (Idempotency-Key): never a second order
  const attemptKey = useRef(createAttemptKeys());

  const submit = async () => {
    const found = validateDraft(excursion, event, draft);
    setErrors(found);
    if (Object.keys(found).length > 0 || !event) return;
    if (!session.isSignedIn) {
      saveDraft(excursion.id, draft);
      setSignIn('waiting');
      bus.emit('modal:open', { type: 'auth' });
      return;
    }
    setSubmitting(true);
    try {
      const body = {
        excursion_id: excursion.id,
        event_id: event.id,
        participants: Object.entries(draft.counts).map(([code, count]) => ({ code, count })),
        contact_name: draft.name.trim(),
        contact_phone: draft.phone.trim(),
        comment: draft.comment.trim() || undefined,
      };
      const result = await submitOrder(body, attemptKey.current(body));
      clearDraft(excursion.id);
      if (result.kind === 'pay') leaveFor.assign(result.url);
      else navigate(`/account/user/${result.orderId}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setSignIn('waiting');
        bus.emit('modal:open', { type: 'auth' });
      } else {
        setErrors(orderErrorsOf(error));
      }
      setSubmitting(false);
    }
  };

  return { draft, event, errors, submitting, signIn, update, chooseEvent, submit };
}

import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { bus, pluralRu, session, type PartnerEvent, orRouteError } from '@excursio/shared';
import { formatEventMoment, timeZoneNote } from '@excursio/shared/time';
import { formatPhone } from '@excursio/shared/phone';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { Field, failureText, fieldErrors, useAction } from '../../components/ui';
import { GroupProgress } from '@excursio/shared/ui';
import { money, PARTNER_STATUS, STATUS_TONE } from '../../components/orderTexts';
import { useOrderUpdates } from '../../components/useOrderUpdates';
import { CANCEL_REASONS } from '@excursio/shared/contracts';
import { CancelReasonField } from '../../components/CancelReasonField';
import { calendarCalls } from './calendarCalls';
import { eventCalls } from './eventCalls';
import './calendar.css';
import './event.css';

/** One fetch; another partner's slot or an unknown id is the 404 page. */
export async function eventLoader({ params, request }: LoaderFunctionArgs): Promise<PartnerEvent | null> {
  await session.restore();
  if (session.profile?.user_type !== 'partner') return null;
  return (await orRouteError(request, eventCalls.event(Number(params.eventId)))).data;
}

/** The slot's sales: closed and opened again, or the slot cancelled with its orders (a reason the customers see). */
function SlotControls({ event, onChanged }: { event: PartnerEvent; onChanged: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState<string>(CANCEL_REASONS.weather);
  const { busy, run: runAction } = useAction();
  const run = (work: () => Promise<unknown>, message: string) =>
    runAction(async () => {
      await work();
      bus.emit('toast:show', { type: 'info', message });
      setCancelling(false);
      onChanged();
    });
  if (event.status === 'cancelled' || new Date(event.starts_at) <= new Date()) return null;
  return (
    <section className="pa-event__controls" aria-labelledby="pa-event-controls">
      <h2 id="pa-event-controls" className="pa-page__subtitle">
        Продажи
      </h2>
      <div className="pa-cal__actions">
        {event.status === 'active' ? (
          <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void run(() => calendarCalls.patchSlots({ ids: [event.id], status: 'closed' }), 'Продажи закрыты')}>
            Закрыть продажи
          </button>
        ) : (
          <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void run(() => calendarCalls.patchSlots({ ids: [event.id], status: 'active' }), 'Продажи открыты')}>
            Открыть продажи
          </button>
        )}
        {!cancelling && (
          // only opens the confirmation: a quiet button, not the page's main action
          <button type="button" className="ex-ui-button ex-ui-button--secondary pa-button--quiet-danger" onClick={() => setCancelling(true)}>
            Отменить слот
          </button>
        )}
      </div>
      {cancelling && (
        <fieldset className="pa-cal__form" aria-label="Отменить слот">
          <p className="ex-ui-page__empty">Заказы этого слота отменятся, предоплата вернётся полностью, путешественники получат уведомление с причиной.</p>
          <CancelReasonField label="Причина" value={reason} onChange={setReason} />
          <div className="pa-cal__actions">
            <button type="button" className="ex-ui-button ex-ui-button--danger" disabled={busy} onClick={() => void run(() => calendarCalls.cancelSlot(event.id, reason), 'Слот отменён')}>
              Отменить слот и заказы
            </button>
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setCancelling(false)}>
              Не отменять
            </button>
          </div>
        </fieldset>
      )}
    </section>
  );
}

/** Orders that hold seats on the slot now (the ones the guide meets). */
const COMING = new Set(['confirmed', 'completed', 'awaiting_payment']);

/** /account/partner/:eventId — a slot: when, seats, the participants with their tickets, check-in by ticket code. */
export function EventPage() {
  const loaded = useLoaderData() as PartnerEvent | null;
  const [event, setEvent] = useState(loaded);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useAction();
  useOrderUpdates(
    (id) => Boolean(event?.orders.some((o) => o.id === id)),
    () => {
      if (event) void eventCalls.event(event.id).then((fresh) => setEvent(fresh.data), () => undefined);
    },
  );
  if (!event) return null;
  const zone = event.time_zone;
  const note = timeZoneNote(zone, event.starts_at);
  const coming = event.orders.filter((o) => COMING.has(o.status));
  const others = event.orders.filter((o) => !COMING.has(o.status));
  const tickets = coming.flatMap((o) => o.tickets);
  const checkedIn = tickets.filter((t) => t.status === 'redeemed').length;

  const confirmGroup = () =>
    run(async () => {
      await eventCalls.confirmGroup(event.id);
      setEvent((await eventCalls.event(event.id)).data);
      bus.emit('toast:show', { type: 'info', message: 'Слот состоится: путешественники получили уведомление «Группа собралась».' });
    });

  const submit = async () => {
    if (!code.trim()) {
      setError('Введите код билета.');
      return;
    }
    await run(
      async () => {
        const fresh = (await eventCalls.checkIn(event.id, code)).data;
        setEvent(fresh);
        setError(undefined);
        bus.emit('toast:show', { type: 'info', message: `Билет ${code.trim().toUpperCase()} отмечен.` });
        setCode('');
      },
      { onError: (e) => setError(fieldErrors(e).code ?? failureText(e)) },
    );
  };

  return (
    <AccountPage heading={event.excursion.title} title={`${event.excursion.title}, ${formatEventMoment(event.starts_at, zone)}`}>
      <p className="pa-event__when">
        {formatEventMoment(event.starts_at, zone)}
        {note ? ` (${note})` : ''}
        {event.status !== 'active' && <span className="pa-order-badge pa-order-badge--off">{event.status === 'closed' ? 'Продажи закрыты' : 'Отменено'}</span>}
      </p>
      <dl className="pa-event__figures">
        <div>
          <dt>Продано мест</dt>
          <dd>
            {event.booked_seats} из {event.capacity}
          </dd>
        </div>
        <div>
          <dt>Свободно</dt>
          <dd>{event.capacity - event.booked_seats}</dd>
        </div>
        <div>
          <dt>Отмечено на входе</dt>
          <dd>
            {checkedIn} из {tickets.length}
          </dd>
        </div>
      </dl>
      {event.gathering && (
        <section className="pa-event__group" aria-labelledby="pa-event-group">
          <h2 id="pa-event-group" className="pa-page__subtitle">
            Минимальная группа
          </h2>
          <GroupProgress
            gathering={event.gathering}
            decisionText={`Если к ${formatEventMoment(event.gathering.decides_at, zone)} не наберётся ${event.gathering.min}, слот отменится, путешественникам вернут предоплату.`}
          />
          {!event.gathering.confirmed && event.gathering.booked < event.gathering.min && (
            <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void confirmGroup()}>
              Провести с этой группой
            </button>
          )}
        </section>
      )}
      <p className="pa-event__meeting">Место встречи: {event.excursion.meeting_point || 'не указано'}</p>

      <section className="pa-page__section" aria-labelledby="pa-event-checkin">
        <h2 id="pa-event-checkin" className="pa-page__subtitle">
          Отметить участника
        </h2>
        <form
          className="pa-event__checkin"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label="Код билета" hint="Как на билете у путешественника, например K7M2Q9XR4T." error={error}>
            {(ids) => (
              <input {...ids} className="ex-ui-input" value={code} maxLength={40} autoComplete="off" autoCapitalize="characters" onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
          <button type="submit" className="ex-ui-button" disabled={busy}>
            {busy ? 'Проверяем…' : 'Отметить'}
          </button>
        </form>
      </section>

      <section className="pa-page__section" aria-labelledby="pa-event-people">
        <h2 id="pa-event-people" className="pa-page__subtitle">
          Участники
        </h2>
        {coming.length === 0 ? (
          <EmptyState>На это время пока никто не записан.</EmptyState>
        ) : (
          <ul className="pa-event__people">
            {coming.map((o) => (
              <li key={o.id} className="pa-event__person">
                <div className="pa-event__order-head">
                  <Link to={`/account/partner/order/${o.id}`} className="ex-ui-page__link">
                    Заказ №{o.id}
                  </Link>{' '}
                  <span className={`pa-order-badge pa-order-badge--${STATUS_TONE[o.status]}`}>{PARTNER_STATUS[o.status]}</span>
                </div>
                <p className="pa-event__line">
                  <strong>{o.contact_name}</strong>, {o.contact_hidden ? o.contact_phone : formatPhone(o.contact_phone)}
                  {o.contact_hidden && ' (откроется после оплаты)'}
                </p>
                <p className="pa-event__line">
                  {o.participants.filter((p) => p.count > 0).map((p) => `${p.name} × ${p.count}`).join(', ')} —{' '}
                  {pluralRu(o.seats, ['место', 'места', 'мест'])}; на месте: {money(o.rest)}
                </p>
                {o.comment && <p className="pa-event__line pa-event__comment">{o.comment}</p>}
                {o.tickets.length > 0 && (
                  <ul className="pa-event__tickets" aria-label={`Билеты заказа №${o.id}`}>
                    {o.tickets.map((t) => (
                      <li key={t.code} className={t.status === 'redeemed' ? 'pa-event__ticket pa-event__ticket--in' : 'pa-event__ticket'}>
                        {t.code} {t.status === 'redeemed' ? '✓ отмечен' : t.status === 'cancelled' ? '— отменён' : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <p className="pa-event__others">
            Ещё {pluralRu(others.length, ['заказ', 'заказа', 'заказов'])} без мест на это время (запросы, отмены):{' '}
            {others.map((o, i) => (
              <span key={o.id}>
                {i > 0 && ', '}
                <Link to={`/account/partner/order/${o.id}`} className="ex-ui-page__link">
                  №{o.id}
                </Link>{' '}
                ({PARTNER_STATUS[o.status].toLowerCase()})
              </span>
            ))}
          </p>
        )}
      </section>
      <p className="pa-page__section">
        <Link to="/account/partner/orders" className="ex-ui-page__link">
          Все заказы
        </Link>
      </p>
      <SlotControls event={event} onChanged={() => void eventCalls.event(event.id).then((fresh) => setEvent(fresh.data), () => undefined)} />
    </AccountPage>
  );
}

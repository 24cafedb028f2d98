import { useId } from 'react';
import { useSession, type ExcursionDetail, type ExcursionEvent } from '@excursio/shared';
import { GroupProgress } from '@excursio/shared/ui';
import { AutoGrowTextarea } from '../../components/AutoGrowTextarea';
import { EventCalendar } from '../../components/EventCalendar';
import { formatSlot } from '../../components/calendar';
import { useVisitorTimeZone } from '../../components/useVisitorTimeZone';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import { priceOf, unitsFor } from './checkoutPrice';
import { ParticipantsField } from './ParticipantsField';
import { seatLimit } from './slots';
import { TextField } from './TextField';
import { useCheckoutForm } from './useCheckoutForm';

interface CheckoutFormProps {
  excursion: ExcursionDetail;
  events: readonly ExcursionEvent[];
  requestedEventId: number | null;
}

/** Event, participants, contact and comment; the price split beside them; signing in on the way keeps it all. */
export function CheckoutForm({ excursion, events, requestedEventId }: CheckoutFormProps) {
  const id = useId();
  const session = useSession();
  const { draft, event, errors, submitting, signIn, update, chooseEvent, submit } = useCheckoutForm(excursion, events, requestedEventId);
  const { lines, total } = priceOf(excursion, event, draft.counts);
  const visitorZone = useVisitorTimeZone();

  return (
    <form
      className="cat-checkout"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        // a refused form takes the reader to its first wrong field (its error is read with it)
        void submit().then(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
    >
      <div className="cat-checkout__main">
        <section className="cat-checkout__field" aria-labelledby={`${id}-event`} aria-describedby={errors.event ? `${id}-event-error` : undefined}>
          <h2 id={`${id}-event`} className="cat-checkout__legend">
            Дата и время
          </h2>
          <EventCalendar
            events={events}
            selectedId={draft.eventId}
            onSelect={(chosen) => chooseEvent(events.find((e) => e.id === chosen.id)!)}
            timeZone={excursion.time_zone}
          />
          {event && <p className="cat-checkout__chosen">Выбрано: {formatSlot(event.starts_at, excursion.time_zone, visitorZone)}</p>}
          {event?.gathering && (
            <GroupProgress
              gathering={event.gathering}
              live
              decisionText={`Если группа не наберётся к ${formatSlot(event.gathering.decides_at, excursion.time_zone, visitorZone)}, экскурсию отменят и вернут предоплату полностью.`}
            />
          )}
          {errors.event && (
            <p id={`${id}-event-error`} className="cat-checkout__error" role="alert">
              {errors.event}
            </p>
          )}
        </section>
        <ParticipantsField
          units={unitsFor(excursion, event)}
          priceType={excursion.price_type}
          counts={draft.counts}
          limit={seatLimit(excursion, event)}
          error={errors.participants}
          onChange={(counts) => update({ counts })}
        />
        <fieldset className="cat-checkout__field">
          <legend className="cat-checkout__legend">Контакты</legend>
          <div className="cat-checkout__contacts">
            <TextField label="Имя" autoComplete="name" maxLength={200} value={draft.name} error={errors.name} onChange={(name) => update({ name })} />
            <TextField
              label="Телефон"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={25}
              placeholder="+7 900 000 00 00"
              value={draft.phone}
              error={errors.phone}
              onChange={(phone) => update({ phone })}
            />
          </div>
          <p className="cat-checkout__hint">Гид свяжется с вами по этому номеру, если что-то изменится.</p>
        </fieldset>
        <div className="cat-checkout__field">
          <label htmlFor={`${id}-comment`} className="cat-checkout__label">
            Комментарий для гида
          </label>
          <AutoGrowTextarea
            id={`${id}-comment`}
            className="cat-checkout__input cat-checkout__textarea"
            maxLength={1000}
            placeholder="Например: будем с ребёнком 7 лет"
            value={draft.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
            onChange={(comment) => update({ comment })}
          />
          {errors.comment && (
            <p id={`${id}-comment-error`} className="cat-checkout__error" role="alert">
              {errors.comment}
            </p>
          )}
        </div>
      </div>
      <aside className="cat-checkout__aside">
        <div className="cat-checkout__summary">
          <h2 className="cat-checkout__legend">Стоимость</h2>
          <PriceBreakdown
            lines={lines}
            total={total}
            commissionPercent={session.serviceCommission}
            prepaymentLabel={excursion.instant_booking ? 'Предоплата онлайн сейчас' : 'Предоплата онлайн после подтверждения'}
          />
          {errors.form && (
            <p className="cat-checkout__error" role="alert">
              {errors.form}
            </p>
          )}
          {signIn === 'waiting' && !session.isSignedIn && (
            <output className="cat-checkout__notice">
              Войдите, чтобы отправить заказ. Всё, что вы ввели, сохранится.
            </output>
          )}
          {signIn === 'done' && (
            <output className="cat-checkout__notice">
              Вы вошли. Проверьте данные и отправьте заказ.
            </output>
          )}
          <button type="submit" className="cat-checkout__submit" disabled={submitting}>
            {submitting ? 'Отправляем…' : excursion.instant_booking ? 'Перейти к оплате' : 'Отправить заказ'}
          </button>
          <p className="cat-checkout__hint">
            {excursion.instant_booking
              ? 'Мгновенное бронирование: после предоплаты заказ сразу подтверждён, билеты придут в личный кабинет.'
              : 'Гид подтвердит заказ, обычно в течение суток. Предоплату вы внесёте после подтверждения.'}
          </p>
        </div>
      </aside>
    </form>
  );
}

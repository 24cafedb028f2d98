import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@excursio/shared/router';
import { apiUrl, bus, formatPrice, type OrderDetail } from '@excursio/shared';
import { failureText, useAction } from '@excursio/shared/ui';
import { orderCalls } from '../../calls/orderCalls';
import { orderMoment } from '../../lib/orderTime';

const rating = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * No dead end while a request waits (issue 32 §3): excursions of the same city and day that can be booked at once, each
 * with «Забронировать вместо» — booked now, the request withdrawn in the same step (nothing is charged twice).
 */
export function OrderAlternatives({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const { busy, run } = useAction();
  const [problem, setProblem] = useState<string | null>(null);
  // the e-mail's «Забронировать вместо» link (?instead=<slot>) opens the page with that choice focused: one more tap books it
  const [params] = useSearchParams();
  const fromLetter = Number(params.get('instead'));
  const chosen = useRef<HTMLButtonElement>(null);
  const alternatives = order.alternatives ?? [];
  const letterChoice = alternatives.some((a) => a.event_id === fromLetter) ? fromLetter : null;
  useEffect(() => {
    if (letterChoice === null) return;
    // focusing scrolls it into view
    chosen.current?.focus();
  }, [letterChoice]);
  if (alternatives.length === 0) return null;
  const waiting = order.status === 'awaiting_confirmation';

  const book = (eventId: number) =>
    run(
      async () => {
        setProblem(null);
        const created = (await orderCalls.switchTo(order.id, eventId)).data;
        bus.emit('toast:show', { type: 'info', message: waiting ? `Забронировано вместо заказа №${order.id}: заявка отозвана` : 'Забронировано' });
        navigate(`/account/user/${created.id}`);
      },
      { onError: (error) => setProblem(failureText(error)) },
    );

  return (
    <section className="ua-alternatives" aria-labelledby="ua-alternatives-title">
      <h2 id="ua-alternatives-title" className="ua-order__subtitle">
        {waiting ? 'Не хотите ждать? Можно сразу' : 'Можно забронировать сразу'}
      </h2>
      <p className="ua-order__hint">
        {waiting
          ? 'Экскурсии в тот же день в этом городе с мгновенным бронированием. Выберете одну — заявка к гиду отзовётся, платить дважды не придётся.'
          : 'Экскурсии в тот же день в этом городе с мгновенным бронированием.'}
      </p>
      <ul className="ua-alternatives__list">
        {alternatives.map((a) => (
          <li key={a.event_id} className={a.event_id === letterChoice ? 'ua-alternatives__item ua-alternatives__item--chosen' : 'ua-alternatives__item'}>
            <img src={apiUrl(a.excursion.photo_url)} alt="" width={96} height={72} loading="lazy" />
            <div className="ua-alternatives__body">
              <Link to={`/excursion/${a.excursion.region_slug}/${a.excursion.city_slug}/${a.excursion.slug}`} className="ua-alternatives__title">
                {a.excursion.title}
              </Link>
              <span className="ua-order__muted">
                {orderMoment(order, a.starts_at)} · {formatPrice(a.total)} · рейтинг {rating.format(a.excursion.rating)}
              </span>
              {a.event_id === letterChoice && <span className="ua-alternatives__chosen">Выбрано в письме — подтвердите:</span>}
              <button
                ref={a.event_id === letterChoice ? chosen : undefined}
                type="button"
                className="ua-alternatives__book"
                disabled={busy}
                aria-label={`${waiting ? 'Забронировать вместо' : 'Забронировать'}: ${a.excursion.title}, ${orderMoment(order, a.starts_at)}`}
                onClick={() => void book(a.event_id)}
              >
                {waiting ? 'Забронировать вместо' : 'Забронировать'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

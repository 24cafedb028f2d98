import { useState } from 'react';
import { Link } from '@excursio/shared/router';
import { GroupProgress } from '@excursio/shared/ui';
import { formatPrice, type ExcursionDetail, type ExcursionEvent } from '@excursio/shared';
import { EventCalendar } from '../../components/EventCalendar';
import { formatSlot } from '../../components/calendar';
import { useVisitorTimeZone } from '../../components/useVisitorTimeZone';
import { FavoriteButton } from '../../components/FavoriteButton';
import { PRICE_TYPE_LABEL, excursionPath } from '../../components/excursionText';

interface BookingCardProps {
  excursion: ExcursionDetail;
  events: readonly ExcursionEvent[];
}

/** Price, the calendar of events with seats left and the way to the order form. */
export function BookingCard({ excursion, events }: BookingCardProps) {
  // the chosen slot by id: its seats and group follow the live list
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = events.find((e) => e.id === chosenId) ?? null;
  const visitorZone = useVisitorTimeZone();
  const orderPath = `${excursionPath(excursion)}/order`;
  return (
    <section id="booking" className="cat-booking" aria-label="Бронирование">
      <div className="cat-booking__price">
        <strong>{formatPrice(excursion.price)}</strong> {PRICE_TYPE_LABEL[excursion.price_type]}
      </div>
      {excursion.price_units.length > 1 && (
        <ul className="cat-booking__units">
          {excursion.price_units.map((unit) => (
            <li key={unit.code}>
              {unit.name} — {formatPrice(unit.price)}
            </li>
          ))}
        </ul>
      )}
      <h2 className="cat-booking__title">Даты и время</h2>
      <EventCalendar events={events} selectedId={chosen?.id} onSelect={(event) => setChosenId(event.id)} timeZone={excursion.time_zone} />
      {events.length > 0 && (
        <Link
          to={chosen ? `${orderPath}?event=${chosen.id}` : orderPath}
          className="cat-booking__order"
          aria-describedby="cat-booking-chosen"
        >
          Забронировать
        </Link>
      )}
      <p id="cat-booking-chosen" className="cat-booking__note">
        {chosen
          ? `Выбрано: ${formatSlot(chosen.starts_at, excursion.time_zone, visitorZone)}`
          : excursion.instant_booking
            ? 'Мгновенное бронирование: подтверждение сразу после предоплаты.'
            : 'Гид подтвердит заказ, после этого можно внести предоплату.'}
      </p>
      {chosen?.gathering && (
        <GroupProgress
          gathering={chosen.gathering}
          live
          decisionText={`Если группа не наберётся к ${formatSlot(chosen.gathering.decides_at, excursion.time_zone, visitorZone)}, экскурсию отменят и вернут предоплату полностью.`}
        />
      )}
      <FavoriteButton excursionId={excursion.id} title={excursion.title} variant="labelled" />
    </section>
  );
}

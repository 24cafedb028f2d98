import { Link, useParams } from '@excursio/shared/router';
import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/partner/calendar */
export function CalendarPage() {
  return (
    <AccountPage heading="Календарь">
      <EmptyState>Здесь появится расписание ваших экскурсий.</EmptyState>
    </AccountPage>
  );
}

/** /account/partner/calendarOLD (legacy; addresses arrive lowercased) */
export function LegacyCalendarPage() {
  return (
    <AccountPage heading="Календарь (старая версия)">
      <EmptyState>Здесь появится расписание ваших экскурсий.</EmptyState>
      <Link to="/account/partner/calendar" className="pa-page__link">
        Новая версия календаря
      </Link>
    </AccountPage>
  );
}

/** /account/partner/:eventId — one slot of the calendar. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return (
    <AccountPage heading={`Событие №${eventId}`}>
      <Link to="/account/partner/calendar" className="pa-page__link">
        Календарь
      </Link>
    </AccountPage>
  );
}

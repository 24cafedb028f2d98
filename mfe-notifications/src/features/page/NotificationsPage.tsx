import { useLocation } from '@excursio/shared/router';
import { NotificationsFeed } from '../../components/NotificationsFeed';
import { accountArea } from '../../lib/accountArea';
import './page.css';

/** /account/{user|partner}/notification: the area's notifications, page by page. */
export function NotificationsPage() {
  const area = accountArea(useLocation().pathname);
  return (
    <div className="nt-page">
      <title>Уведомления — Excursio</title>
      <meta
        name="description"
        content={area === 'partner' ? 'Уведомления кабинета партнёра Excursio.' : 'Уведомления личного кабинета Excursio.'}
      />
      <h1 className="nt-page__title">Уведомления</h1>
      <NotificationsFeed area={area} />
    </div>
  );
}

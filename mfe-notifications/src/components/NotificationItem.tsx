import { observer } from 'mobx-react-lite';
import { Link } from '@excursio/shared/router';
import type { Notification } from '@excursio/shared/contracts';
import { shortDateTime } from '../lib/dateTime';

interface NotificationItemProps {
  notification: Notification;
  /** Opening it marks it viewed (and closes the side panel). */
  onOpen: (id: number) => void;
}

/** One notification: its text links to what it is about; an unread one is marked, also for screen readers. */
export const NotificationItem = observer(function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  const unread = !n.viewed;
  return (
    <li className={unread ? 'nt-item nt-item--unread' : 'nt-item'}>
      <Link to={n.link} className="nt-item__link" onClick={() => onOpen(n.id)}>
        {unread && <span className="nt-item__dot" aria-hidden="true" />}
        {unread && <span className="nt-sr-only">Новое: </span>}
        <span className="nt-item__text">{n.text}</span>
        <time className="nt-item__time" dateTime={n.created_at}>
          {shortDateTime(n.created_at)}
        </time>
      </Link>
    </li>
  );
});

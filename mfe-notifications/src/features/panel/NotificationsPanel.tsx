import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { useSession, type NotificationsPanelProps } from '@excursio/shared';
import { NotificationsFeed } from '../../components/NotificationsFeed';
import { accountArea, notificationPagePath } from '../../lib/accountArea';
import './panel.css';

/** How many of the newest the side panel shows; the rest is on the page. */
export const PANEL_LIMIT = 8;

/** The side panel's content (the shell draws the panel and its close button). */
export const NotificationsPanel = observer(function NotificationsPanel({ onClose }: NotificationsPanelProps) {
  useSession(); // the area is the signed-in account's kind: follow it
  const area = accountArea(null);
  return (
    <section className="nt-panel" aria-labelledby="nt-panel-title">
      <h2 id="nt-panel-title" className="nt-panel__title">
        Уведомления
      </h2>
      <NotificationsFeed area={area} limit={PANEL_LIMIT} onOpen={onClose} />
      <Link to={notificationPagePath(area)} className="nt-panel__all" onClick={onClose}>
        Все уведомления
      </Link>
    </section>
  );
});

import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import type { NotificationsPanelProps } from '@excursio/shared';
import { NotificationsFeed } from '../feed/NotificationsFeed';
import { accountArea, notificationPagePath } from '../area/accountArea';
import './panel.css';

/** The side panel's content (the shell draws the panel and its close button). */
export const NotificationsPanel = observer(function NotificationsPanel({ onClose }: NotificationsPanelProps) {
  const area = accountArea(null);
  return (
    <section className="nt-panel" aria-labelledby="nt-panel-title">
      <h2 id="nt-panel-title" className="nt-panel__title">
        Уведомления
      </h2>
      <NotificationsFeed />
      <Link to={notificationPagePath(area)} className="nt-panel__all" onClick={onClose}>
        Все уведомления
      </Link>
    </section>
  );
});

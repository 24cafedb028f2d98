import { useEffect, useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { NotificationArea } from '../lib/notifications/notificationKind';
import { notifications } from '../lib/notifications/notifications';
import { NotificationItem } from './NotificationItem';
import '../lib/a11y.css';
import './feed.css';

const EMPTY_TEXT: Record<NotificationArea, string> = {
  user: 'Здесь появятся уведомления о заказах и сообщения от гидов',
  partner: 'Здесь появятся новые заказы, оплаты и отмены, а также сообщения от путешественников',
};
export const ALL_READ_TEXT = 'Все уведомления прочитаны';

interface NotificationsFeedProps {
  area: NotificationArea;
  /** The side panel shows this many of the newest and no «Показать ещё». */
  limit?: number;
  /** Called when a notification is opened (the side panel closes). */
  onOpen?: () => void;
}

/** The unviewed filter, «Прочитать все», the list of the area's notifications with «Показать ещё», skeletons, empty states. */
export const NotificationsFeed = observer(function NotificationsFeed({ area, limit, onOpen }: NotificationsFeedProps) {
  const filterId = useId();
  const store = notifications;
  useEffect(() => {
    void store.refresh();
  }, [store]);

  const list = store[area];
  const shown = limit === undefined ? list : list.slice(0, limit);
  const open = (id: number) => {
    store.markViewed(id);
    onOpen?.();
  };

  return (
    <div className="nt-feed">
      <div className="nt-feed__bar">
        <label className="nt-feed__filter" htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props -- a checkbox's checked state is its aria-checked
            role="switch"
            className="nt-feed__switch"
            checked={store.unviewedOnly}
            onChange={(e) => store.setUnviewedOnly(e.target.checked)}
          />
          Только непрочитанные
        </label>
        {store.unread > 0 && (
          <button type="button" className="nt-feed__all-read" onClick={() => void store.markAllViewed()}>
            Прочитать все
          </button>
        )}
      </div>
      <div className="nt-feed__list" aria-busy={store.loading}>
        {!store.loaded && store.loading ? (
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a loading indicator, not a result (what <output> holds)
          <div role="status" className="nt-feed__skeletons">
            <span className="nt-sr-only">Загружаем уведомления…</span>
            {[0, 1, 2].map((i) => (
              <span key={i} className="nt-feed__skeleton" aria-hidden="true" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <p className="nt-feed__empty">{store.unviewedOnly ? ALL_READ_TEXT : EMPTY_TEXT[area]}</p>
        ) : (
          <ul className="nt-feed__items">
            {shown.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} />
            ))}
          </ul>
        )}
      </div>
      {limit === undefined && store.hasMore && (
        <button type="button" className="nt-feed__more" onClick={() => void store.loadMore()} aria-disabled={store.loading}>
          {store.loading ? 'Загружаем…' : 'Показать ещё'}
        </button>
      )}
    </div>
  );
});

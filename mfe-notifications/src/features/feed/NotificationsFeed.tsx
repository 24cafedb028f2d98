import { useId, useState } from 'react';
import './feed.css';

/** The filter and the list of notifications; nothing to list until the list call arrives. */
export function NotificationsFeed() {
  const [unviewedOnly, setUnviewedOnly] = useState(false);
  const filterId = useId();
  return (
    <div className="nt-feed">
      <label className="nt-feed__filter" htmlFor={filterId}>
        <input
          id={filterId}
          type="checkbox"
          role="switch"
          className="nt-feed__switch"
          checked={unviewedOnly}
          onChange={(e) => setUnviewedOnly(e.target.checked)}
        />
        Только непрочитанные
      </label>
      <div className="nt-feed__list" aria-live="polite">
        <p className="nt-feed__empty">Новых уведомлений нет</p>
      </div>
    </div>
  );
}

import { ExternalStore, type EventBus } from '@excursio/shared';

/** The bell's unread count, as mfe-notifications reports it live; nothing after sign-out. */
export class UnreadStore extends ExternalStore {
  count = 0;

  readonly set = (count: number): void => {
    const next = Math.max(0, Math.floor(count));
    if (next === this.count) return;
    this.count = next;
    this.changed();
  };

  connect(bus: EventBus): () => void {
    const onUnread = ({ count }: { count: number }) => this.set(count);
    const onSignedOut = () => this.set(0);
    bus.on('notifications:unread', onUnread);
    bus.on('auth:signed-out', onSignedOut);
    return () => {
      bus.off('notifications:unread', onUnread);
      bus.off('auth:signed-out', onSignedOut);
    };
  }
}

/** «Уведомления, 3 непрочитанных» for the bell's accessible name. */
export function bellLabel(count: number): string {
  if (count <= 0) return 'Уведомления';
  const rule = new Intl.PluralRules('ru-RU').select(count);
  const word = rule === 'one' ? 'непрочитанное' : 'непрочитанных';
  return `Уведомления, ${count} ${word}`;
}

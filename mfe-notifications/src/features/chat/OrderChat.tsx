import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { bus, type OrderChatProps } from '@excursio/shared';
import { notifications } from '../../lib/notifications/notifications';
import { chatCalls } from './chatCalls';
import { ChatComposer } from './ChatComposer';
import { ChatLog } from './ChatLog';
import { ChatStore } from './ChatStore';
import { openChats } from '../../lib/openChats';
import '../../lib/a11y.css';
import './chat.css';

export const MASKED_CONTACTS_NOTE = 'Телефоны и e-mail скрыты до оплаты предоплаты — так мы защищаем вас от мошенников.';

const EMPTY_TEXT: Record<OrderChatProps['userType'], string> = {
  client: 'Сообщений пока нет. Спросите гида о месте встречи, маршруте или о чём угодно по этому заказу.',
  partner: 'Сообщений пока нет. Напишите путешественнику, если нужно что-то уточнить по заказу.',
};

/** The conversation of one order, the same on the customer's and the partner's order page. */
export function OrderChat({ orderId, userType }: OrderChatProps) {
  return <OrderConversation key={orderId} orderId={orderId} userType={userType} />;
}

const OrderConversation = observer(function OrderConversation({ orderId, userType }: OrderChatProps) {
  const [store] = useState(() => new ChatStore(orderId, chatCalls, notifications.markChatViewed));
  useEffect(() => {
    void store.load();
    // the order changed elsewhere on the page (its proposal answered there): the proposal's state is re-read
    const onChanged = ({ order_id }: { order_id: number }) => {
      if (order_id === orderId) void store.resync();
    };
    bus.on('order:changed', onChanged);
    // while it is open, realtime brings its messages here instead of a toast
    const unregister = openChats.register(store);
    return () => {
      bus.off('order:changed', onChanged);
      unregister();
    };
  }, [store, orderId]);

  return (
    <div className="nt-chat">
      {store.contactsMasked && <p className="nt-chat__note">{MASKED_CONTACTS_NOTE}</p>}
      {store.status === 'loading' && (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a loading indicator, not a result (what <output> holds)
        <div className="nt-chat__loading" role="status">
          <span className="nt-sr-only">Загружаем переписку…</span>
          <span className="nt-chat__skeleton" aria-hidden="true" />
          <span className="nt-chat__skeleton nt-chat__skeleton--mine" aria-hidden="true" />
        </div>
      )}
      {store.status === 'failed' && (
        <div className="nt-chat__failed" role="alert">
          <p>Не удалось загрузить переписку.</p>
          <button type="button" className="nt-chat__retry" onClick={() => void store.load()}>
            Повторить
          </button>
        </div>
      )}
      {store.status === 'ready' && (
        <>
          {store.counterpart && <p className="nt-chat__with">Собеседник: {store.counterpart.display_name}</p>}
          <ChatLog store={store} emptyText={EMPTY_TEXT[userType]} />
          <ChatComposer store={store} />
        </>
      )}
    </div>
  );
});

import type { EventBus } from '@excursio/shared';
import type { ChatMessagesReadPayload, ChatMessageSentPayload, NotificationSentPayload, OrderGatheringPayload, UserType } from '@excursio/shared/contracts';
import type { OpenChats } from '../../lib/openChats';
import { CHAT_MESSAGE_EVENT, CHAT_READ_EVENT, NOTIFICATION_EVENT, ORDER_GATHERING_EVENT, userChannel } from '../../lib/contractNames';
import { chatMessageOf } from '../../lib/notifications/notificationKind';
import type { NotificationsStore } from '../../lib/notifications/NotificationsStore';
import type { RealtimeSubscriber } from './RealtimeConnection';

/** A toast shows the start of a long message. */
const TOAST_TEXT_LENGTH = 200;

export interface RealtimeDeps {
  notifications: Pick<NotificationsStore, 'receive' | 'markViewed' | 'catchUp'>;
  chats: Pick<OpenChats, 'of' | 'all'>;
  bus: Pick<EventBus, 'emit'>;
  /** Who receives: the signed-in profile. */
  me: () => { id: number; user_type: UserType } | null;
}

/** Where each realtime event goes: the notifications store, an open chat, or a chat toast. */
export function realtimeSubscriber({ notifications, chats, bus, me }: RealtimeDeps): RealtimeSubscriber {
  const onNotification = ({ notification }: NotificationSentPayload) => {
    notifications.receive(notification);
    bus.emit('notifications:received', { type: notification.type, data: notification.data });
    // a chat message already shown in its open chat: its notification is read as it arrives
    const chat = chatMessageOf(notification);
    if (!chat || notification.viewed) return;
    const shownUpTo = Math.max(0, ...chats.of(chat.orderId).map((c) => c.readUpTo()));
    if (shownUpTo > 0 && chat.messageId !== null && chat.messageId <= shownUpTo) notifications.markViewed(notification.id);
  };

  const onChatMessage = ({ message, sender }: ChatMessageSentPayload) => {
    const receiver = me();
    const open = chats.of(message.order_id);
    for (const chat of open) chat.receive(message);
    // my own message from another tab is never a toast; an open chat shows it instead of a toast
    if (!receiver || receiver.user_type === 'staff' || open.length > 0 || message.sender_id === receiver.id) return;
    const text = message.text.length > TOAST_TEXT_LENGTH ? `${message.text.slice(0, TOAST_TEXT_LENGTH - 1)}…` : message.text;
    bus.emit('toast:show', {
      type: 'chat',
      message: text,
      chat: {
        avatar_path: sender.avatar_path,
        name: sender.display_name,
        user_type: receiver.user_type,
        order_id: message.order_id,
        message_id: message.id,
      },
    });
  };

  const onChatRead = ({ order_id, reader_id, last_read_id }: ChatMessagesReadPayload) => {
    for (const chat of chats.of(order_id)) chat.read(reader_id, last_read_id);
  };

  // a group that gathers (issue 32 §1): the order's page shows the new count at once
  const onGathering = ({ order_id, gathering }: OrderGatheringPayload) => bus.emit('order:gathering', { order_id, gathering });

  return {
    channelOf: userChannel,
    events: {
      [`.${NOTIFICATION_EVENT}`]: onNotification,
      [`.${CHAT_MESSAGE_EVENT}`]: onChatMessage,
      [`.${CHAT_READ_EVENT}`]: onChatRead,
      [`.${ORDER_GATHERING_EVENT}`]: onGathering,
    } as RealtimeSubscriber['events'],
    onSubscribed: () => {
      // a socket is no delivery guarantee: what arrived while it was away comes from the api
      void notifications.catchUp();
      for (const chat of chats.all()) chat.resync();
    },
  };
}

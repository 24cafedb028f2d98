import type { ChatParty } from '@excursio/shared/contracts';
import type { NotificationInput } from '../notifications/notify';
import { customerOrderLink, partnerOrderLink } from '../notifications/order-texts';

const EXCERPT_LENGTH = 100;

/** The start of a message on one line, cut at a character (never inside an emoji). */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : line;
}

/** The notification a chat message leaves its receiver (the text as the receiver may see it). */
export function chatNotice(input: { orderId: number; messageId: number; text: string; sender: ChatParty; receiverId: number }): NotificationInput {
  const toCustomer = input.sender.user_type === 'partner';
  return {
    userId: input.receiverId,
    type: toCustomer ? 'client_chat_message' : 'partner_chat_message',
    text: `${input.sender.display_name} пишет по заказу №${input.orderId}: «${excerpt(input.text)}»`,
    link: toCustomer ? customerOrderLink(input.orderId) : partnerOrderLink(input.orderId),
    data: { order_id: input.orderId, message_id: input.messageId },
  };
}

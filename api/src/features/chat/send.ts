import { CHAT_MESSAGE_EVENT, type ChatMessage, type ChatMessageSentPayload } from '@excursio/shared/contracts';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { userChannel, type Broadcaster } from '../../realtime';
import { afterCommit, withEvents } from '../notifications/after-commit';
import { notify } from '../notifications/notify';
import type { ChatAccess } from './access';
import { chatParties, toChatMessage } from './messages';
import { chatNotice } from './notice';

/**
 * Stores a message as typed and, in the same transaction, the receiver's notification; once committed, the message
 * (masked as both parties see it until the prepayment is paid) goes to the receiver and to the sender's other tabs.
 */
export async function sendMessage(db: Database, broadcaster: Broadcaster, access: ChatAccess, text: string): Promise<ChatMessage> {
  const { me: sender } = await chatParties(db, access);
  return withEvents(db, broadcaster, async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({ orderId: access.orderId, senderId: access.meId, senderType: access.side, text })
      .returning();
    const message = toChatMessage(row!, access.contactsMasked);
    const payload: ChatMessageSentPayload = { message, sender };
    afterCommit(tx, userChannel(access.otherId), CHAT_MESSAGE_EVENT, payload);
    afterCommit(tx, userChannel(access.meId), CHAT_MESSAGE_EVENT, payload);
    await notify(tx, chatNotice({ orderId: access.orderId, messageId: message.id, text: message.text, sender, receiverId: access.otherId }));
    return message;
  });
}

import type { ChatMessage, ChatParty } from '@excursio/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { UserType } from '../../db/schema';
import { chatMessages, excursions, guides, orders, users } from '../../db/schema';
import type { ChatAccess } from './access';
import { maskContacts } from './mask';

type MessageRow = typeof chatMessages.$inferSelect;

/** A stored message as a party of the chat sees it: contacts masked until the prepayment is paid. */
export const toChatMessage = (row: MessageRow, contactsMasked: boolean): ChatMessage => ({
  id: row.id,
  order_id: row.orderId,
  sender_id: row.senderId,
  sender_type: row.senderType,
  text: contactsMasked ? maskContacts(row.text) : row.text,
  created_at: row.createdAt.toISOString(),
});

/** The partner account writing for a guide of another name says so; one name when they are the same. */
export function chatAuthorName(accountName: string, guideName: string | null): string {
  const guide = guideName?.trim();
  return guide && guide !== accountName.trim() ? `${accountName} (организатор; гид — ${guide})` : accountName;
}

/** Both parties of a chat: the signed-in user and the other side, as the chat shows them. */
export async function chatParties(db: Database, access: ChatAccess): Promise<{ me: ChatParty; counterpart: ChatParty }> {
  const rows = await db
    .select({ id: users.id, name: users.name, avatar_path: users.avatarPath })
    .from(users)
    .where(inArray(users.id, [access.meId, access.otherId]));
  // the guide the customer knows from the order (the excursion's public face)
  const [guide] = await db
    .select({ name: guides.name })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(guides, eq(guides.id, excursions.guideId))
    .where(eq(orders.id, access.orderId))
    .limit(1);
  const party = (id: number, userType: UserType): ChatParty => {
    const row = rows.find((r) => r.id === id);
    const name = row?.name ?? '';
    const display_name = userType === 'partner' ? chatAuthorName(name, guide?.name ?? null) : name;
    return { id, name, avatar_path: row?.avatar_path ?? null, user_type: userType, display_name };
  };
  const otherSide: UserType = access.side === 'client' ? 'partner' : 'client';
  return { me: party(access.meId, access.side), counterpart: party(access.otherId, otherSide) };
}

/** A message of this order's chat, or null (an id of another order's chat is treated as missing). */
export async function messageOf(db: Database, orderId: number, messageId: number): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.orderId, orderId), eq(chatMessages.id, messageId)))
    .limit(1);
  return row ?? null;
}

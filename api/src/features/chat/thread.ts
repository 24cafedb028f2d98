import type { ChatThread } from '@excursio/shared/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';
import type { ChatAccess } from './access';
import { chatParties, toChatMessage } from './messages';
import { lastReadIds, unreadInOrder } from './reads';
import { proposalsByIds } from '../reschedule/pending';

export const THREAD_PAGE = 50;

/**
 * A page of an order's chat going backwards from `before_id` (the newest page without it), messages oldest → newest,
 * with both read markers. Reading marks nothing: the client reports what it has shown (message-viewed).
 */
export async function readThread(
  db: Database,
  access: ChatAccess,
  query: { before_id?: number | undefined; limit?: number | undefined },
  now: Date = new Date(),
): Promise<ChatThread['data']> {
  const limit = query.limit ?? THREAD_PAGE;
  const inOrder = eq(chatMessages.orderId, access.orderId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(query.before_id === undefined ? inOrder : and(inOrder, lt(chatMessages.id, query.before_id)))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  const [parties, reads] = await Promise.all([chatParties(db, access), lastReadIds(db, access.orderId, [access.meId, access.otherId])]);
  const myLastReadId = reads.get(access.meId) ?? 0;
  const page = rows.slice(0, limit).reverse();
  const proposals = await proposalsByIds(db, page.flatMap((row) => (row.proposalId ? [row.proposalId] : [])), now);
  return {
    messages: page.map((row) => {
      const message = toChatMessage(row, access.contactsMasked);
      const proposal = row.proposalId ? proposals.get(row.proposalId) : undefined;
      return proposal ? { ...message, proposal } : message;
    }),
    has_more: rows.length > limit,
    me: parties.me,
    counterpart: parties.counterpart,
    my_last_read_id: myLastReadId,
    their_last_read_id: reads.get(access.otherId) ?? 0,
    unread: await unreadInOrder(db, access.orderId, access.meId, myLastReadId),
    contacts_masked: access.contactsMasked,
  };
}

import Type, { type Static } from 'typebox';
import { envelope, UserType } from './common';
import { CHAT_MESSAGE_MAX_LENGTH } from './values';
import { OrderProposal } from './orders';

/** One message of an order's conversation. `text` is plain text (never HTML), with contacts masked until prepaid. */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  sender_id: Type.Integer(),
  sender_type: UserType,
  text: Type.String(),
  created_at: Type.String(),
  /** The guide's proposal of other times this message carries: the customer's chat shows them as buttons. */
  proposal: Type.Optional(OrderProposal),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** The other party as the chat shows them. */
export const ChatParty = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar_path: Type.Union([Type.String(), Type.Null()]),
  user_type: UserType,
  /**
   * Who writes, as the chat, its toast and its notification say it: the partner account on behalf of the order's
   * guide when they differ («Михаил Орлов (организатор; гид — Ольга Орлова)»), else `name`.
   */
  display_name: Type.String(),
});
export type ChatParty = Static<typeof ChatParty>;

/** GET /api/excursion/chat/{order_id}/messages?before_id&limit — newest page first, messages oldest → newest. */
export const ChatMessagesQuery = Type.Object({
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const ChatThread = envelope(
  Type.Object({
    messages: Type.Array(ChatMessage),
    has_more: Type.Boolean(),
    me: ChatParty,
    counterpart: ChatParty,
    /** The last message id each side has read (0: none). */
    my_last_read_id: Type.Integer(),
    their_last_read_id: Type.Integer(),
    /** Messages from the other side I have not read. */
    unread: Type.Integer(),
    /** Phones and e-mails are masked until the prepayment is paid. */
    contacts_masked: Type.Boolean(),
  }),
);
export type ChatThread = Static<typeof ChatThread>;

/** POST /api/excursion/chat/{order_id}/messages */
export const ChatSendBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX_LENGTH }) });
export type ChatSendBody = Static<typeof ChatSendBody>;
export const ChatMessageResponse = envelope(ChatMessage);
export type ChatMessageResponse = Static<typeof ChatMessageResponse>;

/** GET /api/excursion/chat/unread — unread counts per order, for the account's order lists. */
export const ChatUnreadResponse = envelope(Type.Object({ total: Type.Integer(), orders: Type.Record(Type.String(), Type.Integer()) }));
export type ChatUnreadResponse = Static<typeof ChatUnreadResponse>;

export const ChatMessageSentPayload = Type.Object({ message: ChatMessage, sender: ChatParty });
export type ChatMessageSentPayload = Static<typeof ChatMessageSentPayload>;

export const ChatMessagesReadPayload = Type.Object({ order_id: Type.Integer(), reader_id: Type.Integer(), last_read_id: Type.Integer() });
export type ChatMessagesReadPayload = Static<typeof ChatMessagesReadPayload>;

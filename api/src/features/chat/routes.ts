import {
  CHAT_READ_EVENT,
  ChatMessageResponse,
  ChatMessagesQuery,
  type ChatMessagesReadPayload,
  ChatSendBody,
  ChatThread,
  ChatUnreadResponse,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Deps } from '../../deps';
import { notFound } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { userChannel } from '../../realtime';
import { currentUser } from '../auth/guard';
import { loggedBroadcaster } from '../notifications/after-commit';
import { markChatNoticesViewed } from '../notifications/queries';
import { chatAccess } from './access';
import { createChatSendLimit } from './limits';
import { messageOf } from './messages';
import { markRead, unreadByOrder } from './reads';
import { sendMessage } from './send';
import { chatText } from './text';
import { readThread } from './thread';

const C = '/api/excursion/chat';
// Order ids are int4; message ids are bigint, bounded by what a JavaScript number holds exactly.
const OrderId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const OrderParams = Type.Object({ order_id: OrderId });
const MessageParams = Type.Object({
  order_id: OrderId,
  message_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
const StatusResponse = Type.Object({ status: Type.Boolean() });

/** One conversation per order between its customer and its partner; anyone else gets a 404. */
export const chatRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, broadcaster, clock }) => {
  const realtime = loggedBroadcaster(broadcaster, app.log);
  const sendLimit = createChatSendLimit(app);
  const common = { tags: ['chat'], security: bearerSecurity };
  const access = (request: Parameters<typeof currentUser>[0], orderId: number) =>
    chatAccess(db, orderId, currentUser(request).id);

  app.get(
    `${C}/:order_id/messages`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'A page of the order’s chat, backwards from before_id (messages oldest → newest), with both read markers',
        description: 'Reading marks nothing: the client reports what it has shown with message-viewed.',
        params: OrderParams,
        querystring: ChatMessagesQuery,
        response: { 200: ChatThread, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      status: true,
      data: await readThread(db, await access(request, request.params.order_id), request.query, clock.now()),
    }),
  );

  app.post(
    `${C}/:order_id/messages`,
    {
      onRequest: auth.requireUser,
      // Trimmed and checked before the schema, so the reasons are the chat's own Russian ones.
      preValidation: async (request) => {
        request.body = { text: chatText(request.body) };
      },
      preHandler: sendLimit,
      schema: {
        ...common,
        summary: 'Send a text message (plain text, 1–2000 characters after trimming; 20 a minute)',
        description:
          'Stored as typed; phones and e-mails are masked in every answer and event until the prepayment is paid. ' +
          'The other party gets ChatMessageSent and a notification; the sender’s other tabs get ChatMessageSent.',
        params: OrderParams,
        body: ChatSendBody,
        response: { 201: ChatMessageResponse, ...errorResponses(401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const chat = await access(request, request.params.order_id);
      const message = await sendMessage(db, realtime, chat, request.body.text);
      return reply.code(201).send({ status: true, data: message });
    },
  );

  app.post(
    `${C}/:order_id/message-viewed/:message_id`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'I have seen the chat up to this message (the marker never moves back)',
        description: 'The other party gets ChatMessagesRead when the marker moves.',
        params: MessageParams,
        response: { 200: StatusResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { order_id: orderId, message_id: messageId } = request.params;
      const chat = await access(request, orderId);
      if (!(await messageOf(db, orderId, messageId))) throw notFound();
      const { lastReadId, moved } = await markRead(db, orderId, chat.meId, messageId);
      if (moved) {
        await markChatNoticesViewed(db, chat.meId, orderId, lastReadId);
        const payload: ChatMessagesReadPayload = { order_id: orderId, reader_id: chat.meId, last_read_id: lastReadId };
        await realtime.publish(userChannel(chat.otherId), CHAT_READ_EVENT, payload);
      }
      return { status: true };
    },
  );

  app.get(
    `${C}/unread`,
    {
      onRequest: auth.requireUser,
      schema: {
        ...common,
        summary: 'Unread chat messages per order (order id → count) and in total',
        response: { 200: ChatUnreadResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const orders = await unreadByOrder(db, currentUser(request).id);
      const total = Object.values(orders).reduce((sum, n) => sum + n, 0);
      return { status: true, data: { total, orders } };
    },
  );
};

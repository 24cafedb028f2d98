import { http, type HttpClient } from '@excursio/shared';
import type { ChatMessageResponse, ChatThread } from '@excursio/shared/contracts';

/** Messages per page of the conversation. */
export const CHAT_PAGE_SIZE = 30;

export interface ChatCalls {
  /** The newest page, or the one before `beforeId`; messages oldest → newest. */
  thread(orderId: number, beforeId?: number): Promise<ChatThread>;
  send(orderId: number, text: string): Promise<ChatMessageResponse>;
  /** Marks read up to that message; the answer is not used. */
  markRead(orderId: number, messageId: number): Promise<unknown>;
  /** The customer takes one of the guide's proposed times (issue 32 §2), or refuses them all (`eventId` null). */
  answerProposal(orderId: number, eventId: number | null): Promise<unknown>;
}

export function createChatCalls(client: HttpClient): ChatCalls {
  const base = (orderId: number) => `/api/excursion/chat/${orderId}`;
  return {
    thread: (orderId, beforeId) =>
      client.request<ChatThread>('GET', `${base(orderId)}/messages`, { query: { before_id: beforeId, limit: CHAT_PAGE_SIZE } }),
    send: (orderId, text) => client.request<ChatMessageResponse>('POST', `${base(orderId)}/messages`, { body: { text } }),
    markRead: (orderId, messageId) => client.request('POST', `${base(orderId)}/message-viewed/${messageId}`),
    answerProposal: (orderId, eventId) =>
      eventId === null
        ? client.request('POST', `/api/excursion/user/order/${orderId}/proposal/refuse`)
        : client.request('POST', `/api/excursion/user/order/${orderId}/proposal/accept`, { body: { event_id: eventId } }),
  };
}

export const chatCalls = createChatCalls(http);

/** Calls of the chat (SPEC §7 "Chat", CONTRACT "Chat"). Payloads are returned raw: the chat slice normalises messages. */
import { PAGE_SIZES, type ConversationsResponse, type MarkReadResponse, type NetworkResponse, type SendMessageBody } from '@plaza/contract';
import { api } from './client';

export interface ChatUsersQuery {
  page: number;
  search?: string;
}

export const chatApi = {
  /** The people one can chat with, ten a page (SPEC §9). */
  users: ({ page, search }: ChatUsersQuery) =>
    api
      .get<NetworkResponse>('/users/network', { params: { page, limit: PAGE_SIZES.chatUsers, ...(search ? { search } : {}) } })
      .then((r) => r.data),

  conversations: () => api.get<ConversationsResponse>('/chats/conversations').then((r) => r.data.data),

  /** Oldest first; `before` (a message id) pages back. The shape is left unknown so wrapped forms survive. */
  history: (currentUserId: string, otherUserId: string, query: { before?: string; limit?: number } = {}) =>
    api
      .get<unknown>(`/chats/${encodeURIComponent(currentUserId)}/${encodeURIComponent(otherUserId)}`, { params: query })
      .then((r) => r.data),

  send: (body: SendMessageBody) => api.post<unknown>('/chats/send', body).then((r) => r.data),

  markRead: (otherUserId: string) => api.post<MarkReadResponse>(`/chats/${encodeURIComponent(otherUserId)}/read`).then((r) => r.data),
};

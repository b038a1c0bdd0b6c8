/** The operations of the chat (product.md § Chat); live delivery is over socket.io (`socket.ts`). */
import {
  chatHistoryParamsSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  conversationsQuerySchema,
  conversationListResponseSchema,
  markReadParamsSchema,
  markReadResponseSchema,
  messageSchema,
  sendMessageBodySchema,
} from '../chat';
import { defineOperation } from '../operation';

export const chatOperations = {
  sendMessage: defineOperation({
    operationId: 'sendMessage',
    method: 'POST',
    path: '/chats/send',
    summary: 'Send a message',
    description:
      'The stored message is also emitted as `receiveMessage` to both people. A repeated `clientMessageId` answers the original.',
    tags: ['chat'],
    auth: true,
    body: sendMessageBodySchema,
    responses: { 200: messageSchema, 201: messageSchema },
    responseDescriptions: { 200: 'Already stored under this `clientMessageId`: the original message.', 201: 'Stored and sent.' },
    errors: [400, 401, 403, 404, 429],
  }),
  listConversations: defineOperation({
    operationId: 'listConversations',
    method: 'GET',
    path: '/chats/conversations',
    summary: 'Direct and group conversations with last message and unread count, most recent first',
    tags: ['chat'],
    auth: true,
    querystring: conversationsQuerySchema,
    responses: { 200: conversationListResponseSchema },
    errors: [400, 401],
  }),
  getChatHistory: defineOperation({
    operationId: 'getChatHistory',
    method: 'GET',
    path: '/chats/:currentUserId/:otherUserId',
    summary: 'Message history of two users, oldest first; `before` pages back, `after` catches up',
    tags: ['chat'],
    auth: true,
    params: chatHistoryParamsSchema,
    querystring: chatHistoryQuerySchema,
    responses: { 200: chatHistoryResponseSchema },
    errors: [400, 401, 403],
  }),
  markChatRead: defineOperation({
    operationId: 'markChatRead',
    method: 'POST',
    path: '/chats/:otherUserId/read',
    summary: 'Mark what the other user sent you as read',
    tags: ['chat'],
    auth: true,
    params: markReadParamsSchema,
    responses: { 200: markReadResponseSchema },
    errors: [400, 401, 404],
  }),
};

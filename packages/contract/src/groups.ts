/** Group conversations (product.md § Group conversations): the bodies and answers of their routes. */
import { z } from 'zod';
import { clientMessageIdSchema, groupConversationSchema, messageTextSchema } from './chat';
import { CHAT_HISTORY_MAX_LIMIT, GROUP_CHAT, PAGE_SIZES } from './constants';
import { idSchema } from './common';
import { groupMessageSchema } from './group-messages';
import { noPreviewSchema } from './link-previews';

export const groupNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the group a name')
  .max(GROUP_CHAT.nameMaxLength, `A group name can be at most ${GROUP_CHAT.nameMaxLength} characters`);

/** The people to add: ids of the caller's friends (the caller is not listed; duplicates count once). */
const memberIdsSchema = z.array(idSchema).max(GROUP_CHAT.maxMembers - 1);

export const createGroupBodySchema = z.object({
  name: groupNameSchema,
  /** At least two others: a group has at least three people, its creator included. */
  memberIds: memberIdsSchema.min(GROUP_CHAT.minMembers - 1, `Choose at least ${GROUP_CHAT.minMembers - 1} people`),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** Admins only. `photo: null` removes the photo; a new one is uploaded with `POST /chats/groups/{id}/photo`. */
export const updateGroupBodySchema = z
  .object({ name: groupNameSchema.optional(), photo: z.null().optional() })
  .refine((b) => b.name !== undefined || b.photo !== undefined, { message: 'Change the name or the photo', path: ['name'] });
export type UpdateGroupBody = z.infer<typeof updateGroupBodySchema>;

/** The multipart form of `POST /chats/groups/{id}/photo`, as the avatar's. */
export const groupPhotoFormSchema = z.object({
  photo: z.file().max(GROUP_CHAT.photoBytes).describe('A JPEG, PNG, WebP or GIF image of at most 5 MB; stored square, re-encoded'),
});

export const addGroupMembersBodySchema = z.object({ userIds: memberIdsSchema.min(1, 'Choose someone to add') });
export type AddGroupMembersBody = z.infer<typeof addGroupMembersBodySchema>;

export const groupParamsSchema = z.object({ id: idSchema });
export const groupMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });

export const groupConversationResponseSchema = z.object({ success: z.literal(true), conversation: groupConversationSchema });

export const groupHistoryQuerySchema = z.object({
  /** A message id: only older messages come back. */
  before: idSchema.optional(),
  /** A message id: the messages stored after it come back, in the order they were stored (catching up). Not with `before`. */
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(PAGE_SIZES.chatHistory),
});
export type GroupHistoryQuery = z.infer<typeof groupHistoryQuerySchema>;

/**
 * Oldest first. Messages of people the caller blocked are left out. Someone who left or was removed reads the
 * history up to the line that says so.
 */
export const groupHistoryResponseSchema = z.object({ success: z.literal(true), data: z.array(groupMessageSchema) });

export const sendGroupMessageBodySchema = z.object({
  messageText: messageTextSchema,
  /** As for one-to-one messages: a repeated id answers the original message. */
  clientMessageId: clientMessageIdSchema.optional(),
  noPreview: noPreviewSchema,
});
export type SendGroupMessageBody = z.infer<typeof sendGroupMessageBodySchema>;

export const groupMessageResponseSchema = z.object({ success: z.literal(true), message: groupMessageSchema });

/** The body may be left out: read up to the latest. */
export const markGroupReadBodySchema = z
  .object({
    /** Read up to this message; up to the latest when left out. A position never moves back. */
    messageId: idSchema.optional(),
  })
  .optional();
export const markGroupReadResponseSchema = z.object({ success: z.literal(true), seq: z.number().int().min(0) });

export const muteGroupBodySchema = z.object({ muted: z.boolean() });
export const muteGroupResponseSchema = z.object({ success: z.literal(true), muted: z.boolean() });

/**
 * A message of a group conversation (product.md § Group conversations): what people write, and the system
 * lines the server writes into the history when the group is created, someone is added, removed or leaves,
 * or the group is renamed or gets a new photo.
 */
import { z } from 'zod';
import { linkPreviewSchema } from './link-previews';
import { mentionsSchema } from './mentions';

/** What a system line records. */
export const GROUP_SYSTEM_EVENTS = ['created', 'added', 'removed', 'left', 'renamed', 'photo'] as const;
export type GroupSystemEvent = (typeof GROUP_SYSTEM_EVENTS)[number];

/** A person named by a system line, as they were named when it was written (they may have left since). */
export const groupSystemPersonSchema = z.object({ _id: z.string(), userName: z.string(), fullName: z.string() });
export type GroupSystemPerson = z.infer<typeof groupSystemPersonSchema>;

export const groupSystemSchema = z
  .object({
    type: z.enum(GROUP_SYSTEM_EVENTS),
    /** Who did it: the creator, the admin who added or removed, the one who left, renamed or changed the photo. */
    actor: groupSystemPersonSchema,
    /** `created`: the people added with the group; `added` / `removed`: the people added or removed; otherwise empty. */
    users: z.array(groupSystemPersonSchema),
    /** `created` / `renamed`: the group's new name; otherwise null. */
    name: z.string().nullable(),
  })
  .meta({
    id: 'GroupSystemLine',
    description: 'What a system line says, for the app to write in its own language ("Ana added Ben").',
  });
export type GroupSystem = z.infer<typeof groupSystemSchema>;

export const groupMessageSchema = z
  .object({
    _id: z.string(),
    conversationId: z.string(),
    /** The writer; for a system line, the one who did what it records. */
    senderId: z.string(),
    /** What was written; for a system line, an English sentence for clients that do not read `system`. */
    messageText: z.string(),
    createdAt: z.string(),
    kind: z.enum(['text', 'system']),
    /** Set on system lines, null on text. */
    system: groupSystemSchema.nullable(),
    /** The place in the group's history, as `seq` of a one-to-one message: 1, 2, 3 … in the order stored. */
    seq: z.number().int().min(0),
    clientMessageId: z.string().nullable(),
    /** The card of the message's first link; null until it is made (socket `linkPreview`), or when there is none. */
    linkPreview: linkPreviewSchema.nullable(),
    /** The members the message mentions, with their names now; empty on system lines. */
    mentions: mentionsSchema,
  })
  .meta({ id: 'GroupMessage', description: 'A message or a system line of a group conversation.' });
export type GroupMessage = z.infer<typeof groupMessageSchema>;

/** Mentions as posts, comments and messages carry them (product.md § Mentions). */
import { z } from 'zod';

export const mentionSchema = z
  .object({
    userId: z.string(),
    /** The person's user name now, which may differ from the text's after a rename. */
    userName: z.string(),
    /**
     * The name as the text writes it, in lower case (`@Ann` → `ann`): every `@` run of the text with this name
     * stands for this person, even after they took another name.
     */
    mentionedAs: z.string(),
  })
  .meta({
    id: 'Mention',
    description: 'Someone the text mentions with `@userName`. Mentions are stored when the text is, so a rename keeps them.',
  });
export type Mention = z.infer<typeof mentionSchema>;

/** The people a text mentions, in order of first mention; a name that named nobody (or a blocked person) is plain text. */
export const mentionsSchema = z.array(mentionSchema);

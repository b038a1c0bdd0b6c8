/**
 * The language an answer is written in: the signed-in person's saved language, else the best of the
 * request's `Accept-Language` that Plaza is written in, else English (docs/decisions/languages.md).
 */
import type { Language } from '@plaza/contract';
import type { FastifyRequest } from 'fastify';
import { acceptedLanguage } from '../texts';

/** A person's saved language; undefined when the account is gone. */
export type LanguageOf = (userId: string) => Promise<Language | undefined>;

export async function requestLanguage(request: FastifyRequest, languageOf?: LanguageOf): Promise<Language> {
  const userId = request.auth?.userId;
  // An answer is never lost for its language: a failed read falls back to what the request asked for.
  const saved = userId && languageOf ? await languageOf(userId).catch(() => undefined) : undefined;
  return saved ?? acceptedLanguage(request.headers['accept-language']);
}

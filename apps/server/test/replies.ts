/** Typed reply bodies for `app.inject` tests: each body is parsed with the contract's schema, never cast. */
import { errorEnvelopeSchema, type ErrorEnvelope } from '@plaza/contract';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** What the helpers need of a `LightMyRequest` response (also what `fetch`-style stand-ins can offer). */
export interface Reply {
  statusCode: number;
  body: string;
}

/**
 * The reply's body as `schema` describes it. A body the schema refuses fails the test; so does one with
 * keys the schema does not name, which zod would silently drop: the contract must describe the reply whole.
 */
export function bodyOf<S extends z.ZodType>(res: Reply, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(res.body);
  } catch {
    throw new Error(`The ${res.statusCode} reply is not JSON: ${res.body.slice(0, 200)}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`The ${res.statusCode} reply does not match its schema:\n${z.prettifyError(parsed.error)}\n${res.body}`);
  }
  if (!isDeepStrictEqual(parsed.data, raw)) {
    throw new Error(`The ${res.statusCode} reply is not exactly what its schema describes (a key it does not name?):\n${res.body}`);
  }
  return parsed.data;
}

/** The error envelope of a 4xx/5xx reply. */
export function errorOf(res: Reply): ErrorEnvelope {
  if (res.statusCode < 400) throw new Error(`Expected an error reply, got ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return bodyOf(res, errorEnvelopeSchema);
}

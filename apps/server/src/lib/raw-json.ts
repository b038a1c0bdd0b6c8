/**
 * Sending a body that is already JSON (the home feed renders its pages straight to UTF-8, `/users/me`
 * keeps its body as a string). Where
 * responses are validated (development and tests), it is parsed and checked against the route's schema
 * like every other response, and a mismatch is a server error, as the serializer would make it.
 */
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

export function sendRawJson(reply: FastifyReply, body: string | Buffer, schema: ZodType, validate: boolean): FastifyReply {
  if (validate) {
    const checked = schema.safeParse(JSON.parse(body.toString()));
    if (!checked.success) throw new Error(`The response does not match its schema: ${checked.error.message}`);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

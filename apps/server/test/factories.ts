/** Factories for tests: accounts with live sessions, and authorised requests. */
import { signupResponseSchema, type SelfUser } from '@plaza/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { bodyOf } from './replies';

let seq = 0;

export interface TestUser {
  user: SelfUser;
  accessToken: string;
  refreshToken: string;
  password: string;
}

export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ userName: string; fullName: string; email: string; password: string }> = {},
): Promise<TestUser> {
  seq += 1;
  const tag = `${process.pid.toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    userName: overrides.userName ?? `user_${tag}`,
    fullName: overrides.fullName ?? `Test Person ${seq}`,
    email: overrides.email ?? `u${tag}@example.test`,
    password: overrides.password ?? 'correct horse battery',
  };
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { user, accessToken, refreshToken } = bodyOf(res, signupResponseSchema);
  return { user, accessToken, refreshToken, password: body.password };
}

/** `app.inject` with the user's Bearer token and the API prefix. */
export function as(app: FastifyInstance, who: { accessToken: string } | null) {
  return (opts: Omit<InjectOptions, 'url'> & { url: string }) =>
    app.inject({
      ...opts,
      url: `/api/v1${opts.url}`,
      headers: { ...(opts.headers ?? {}), ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}) },
    });
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for `inject`, with text fields and files. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----plaza${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG of the given size, drawn with sharp. */
export async function pngImage(width = 64, height = 64): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .png()
    .toBuffer();
}

/** `from` sends `to` a chat message through the HTTP API, with `extra` fields (a clientMessageId); answers the reply (201 when it went). */
export function sendChatMessage(app: FastifyInstance, from: TestUser, to: TestUser, text: string, extra: Record<string, unknown> = {}) {
  return as(
    app,
    from,
  )({
    method: 'POST',
    url: '/chats/send',
    payload: { messageSenderUsername: from.user.userName, messageReceiverUsername: to.user.userName, messageContent: text, ...extra },
  });
}

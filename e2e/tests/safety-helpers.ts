/** Steps the safety specs share: posts and messages through the API, and roles granted with the admin command. */
import { expect, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Account } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

export async function postAs(request: APIRequestContext, who: Account, content: string): Promise<void> {
  const res = await request.post('/api/v1/posts', { headers: { authorization: `Bearer ${who.accessToken}` }, multipart: { content } });
  expect(res.status()).toBe(201);
}

export async function messageAs(request: APIRequestContext, from: Account, to: Account, text: string): Promise<void> {
  const res = await request.post('/api/v1/chats/send', {
    headers: { authorization: `Bearer ${from.accessToken}` },
    data: { messageSenderUsername: from.userName, messageReceiverUsername: to.userName, messageContent: text },
  });
  expect(res.status()).toBe(201);
}

/** `npm run admin -- grant <userName> moderator`, on the database of the server under test (playwright.config.ts). */
export function grantModerator(who: Account): void {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/admin/main.ts'), 'grant', who.userName, 'moderator'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    },
  );
}

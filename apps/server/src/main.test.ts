import { signupResponseSchema } from '@plaza/contract';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('the server process', () => {
  it('starts with no configuration, and on SIGTERM closes sockets and exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-main-'));
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      for (let i = 0; i < 100 && !ready; i++) {
        ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready).toBe(true);
      const signup = await fetch(`${base}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userName: 'shutdown_test',
          email: 'shutdown@example.test',
          password: 'long enough pw',
          fullName: 'Shut Down',
        }),
      });
      const { accessToken } = signupResponseSchema.parse(await signup.json());
      const socket = io(base, { auth: { token: accessToken }, transports: ['websocket'], reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await disconnected).toBe('io server disconnect');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** `GET /metrics`: what an operator watches, in Prometheus text, fed by real traffic. */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { createUser, sendChatMessage } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
import { migrations } from '../db/migrations';
import { befriend, connectAs } from '../modules/chat/testing';

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(dialects())('/metrics on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });

  it('shows latency per route, sockets, messages stored, pool use, the outbox, dependencies and the event loop', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await befriend(t.app, a.user._id, b.user._id);
    const socket = await connectAs(t.url, b);
    try {
      const sent = await sendChatMessage(t.app, a, b, 'counted');
      expect(sent.statusCode).toBe(201);
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      // One series per route pattern, never per URL.
      expect(text).toMatch(/plaza_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/chats\/send",status_code="201"\} 1/);
      expect(value(text, 'plaza_sockets_connected')).toBe(1);
      expect(value(text, 'plaza_chat_messages_total')).toBe(1);
      expect(value(text, 'plaza_dependency_up{dependency="database"}')).toBe(1);
      expect(value(text, 'plaza_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'plaza_outbox_pending_events')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'plaza_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    } finally {
      socket.close();
    }
  });

  it('shows the version, the schema, and a request still hanging before it completes', async () => {
    const scrape = async () => (await fetch(`${t.url}/metrics`)).text();
    const idle = await scrape();
    expect(value(idle, `plaza_build_info{version="${version}"}`)).toBe(1);
    // The last of the migrations by name, whichever that is now.
    const latest = Object.keys(migrations).sort().at(-1)!;
    expect(value(idle, `plaza_schema_migrations{latest="${latest}"}`)).toBe(Object.keys(migrations).length);
    // Only the scrape itself is in flight.
    expect(value(idle, 'plaza_http_requests_in_flight')).toBe(1);

    const a = await createUser(t.app);
    // An upload whose body never finishes: its handler waits, and the request has not completed.
    const hung = http.request(`${t.url}/api/v1/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.accessToken}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' },
    });
    hung.on('error', () => {});
    hung.write('--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhel');
    try {
      await expect.poll(async () => value(await scrape(), 'plaza_http_requests_in_flight'), { timeout: 5000 }).toBe(2);
    } finally {
      hung.destroy();
    }
    await expect.poll(async () => value(await scrape(), 'plaza_http_requests_in_flight'), { timeout: 5000 }).toBe(1);
  });
});

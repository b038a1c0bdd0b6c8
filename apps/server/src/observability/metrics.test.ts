/** `GET /metrics`: what an operator watches, in Prometheus text, fed by real traffic. */
import { describe, expect, it } from 'vitest';
import { createUser, sendChatMessage } from '../../test/factories';
import { dialects, useTestApp } from '../../test/harness';
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
});

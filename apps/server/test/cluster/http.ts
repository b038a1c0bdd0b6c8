/**
 * The test's HTTP client: requests from a chosen local address (127.0.0.x), so the nodes behind nginx see
 * several people on addresses of their own and several behind one shared address, as behind a NAT. One
 * keep-alive agent per address, as a browser keeps its connections.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';

export interface HttpAnswer {
  status: number;
  text: string;
}

const agents = new Map<string, http.Agent>();

function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    // No cap per address: the people behind a shared address each have a browser of their own.
    agent = new http.Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** Closes the kept connections (at the end of the run). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One request; a network failure or a timeout rejects. */
export function request(
  url: string,
  opts: { method: string; headers: Record<string, string>; body?: Buffer; timeoutMs: number; localAddress?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: opts.method,
      headers: { ...opts.headers, ...(opts.body ? { 'content-length': String(opts.body.length) } : {}) },
      agent: agentFor(opts.localAddress ?? '127.0.0.1'),
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(opts.body);
  });
}

/** A multipart/form-data body of text fields, as the web app's post form sends. */
export function formData(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----plaza${randomUUID().replaceAll('-', '')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The cluster under test: three server processes on one fresh PostgreSQL database and one Redis (its own
 * key prefix), each dependency behind a TCP proxy the test controls, and nginx in front as the balancer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startProxyProcess, type ProxyControl } from './proxy-process';

const serverRoot = path.resolve(import.meta.dirname, '../..');

export const BALANCER_PORT = Number(process.env.CLUSTER_PORT ?? 3150);
export const NODE_PORTS = [BALANCER_PORT + 1, BALANCER_PORT + 2, BALANCER_PORT + 3];
/** The job worker's health and metrics port (`PLAZA_ROLE=worker`). */
const WORKER_PORT = BALANCER_PORT + 4;
/** Between its batches, the worker's fan-out pauses this long (test runs only), so a kill lands mid-job. */
export const FAN_OUT_PAUSE_MS = 300;

export interface ServerNode {
  readonly index: number;
  readonly name: string;
  readonly port: number;
  /** What this process's environment adds to the cluster's. */
  readonly env: Record<string, string>;
  readonly url: string;
  process: ChildProcess | null;
  /** Exit codes of every process this node ran, in order (null: killed by a signal). */
  readonly exits: Array<number | null>;
  /** Lines the process wrote at level error or fatal. */
  readonly errors: string[];
  /** The last lines the node's processes wrote, for failure messages. */
  readonly tail: string[];
}

export interface Cluster {
  readonly url: string;
  readonly nodes: ServerNode[];
  /** The job worker: one process of its own, as `npm run worker` runs it; the web nodes run none. */
  readonly worker: ServerNode;
  readonly pgProxy: ProxyControl;
  readonly redisProxy: ProxyControl;
  readonly databaseUrl: string;
  /** Starts the node's process and waits until it is ready; answers how long that took (ms). */
  start(node: ServerNode): Promise<number>;
  /** SIGTERM, then waits for the exit; returns the exit code. */
  stop(node: ServerNode): Promise<number | null>;
  kill(node: ServerNode): Promise<void>;
  alive(node: ServerNode): boolean;
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `/readyz` to answer 200; `gone` tells why waiting is pointless (the process exited). */
async function waitReady(url: string, ms: number, gone: () => string | null = () => null): Promise<void> {
  const until = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < until) {
    const why = gone();
    if (why) throw new Error(`${url} ${why} before it was ready`);
    last = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1500) }).then(
      async (r) => (r.ok ? 'ok' : `${r.status} ${await r.text()}`),
      (err: Error) => err.message,
    );
    if (last === 'ok') return;
    await sleep(200);
  }
  throw new Error(`${url} was not ready within ${ms / 1000} s (last answer: ${last})`);
}

function nginxConfig(dir: string): string {
  const servers = NODE_PORTS.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream plaza {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${BALANCER_PORT};
    location / {
      proxy_pass http://plaza;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 1s;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Cleanups in reverse order of setting up; each runs even when an earlier one fails. */
function cleanups() {
  const steps: Array<{ what: string; run: () => unknown }> = [];
  return {
    add(what: string, run: () => unknown) {
      steps.push({ what, run });
    },
    async runAll() {
      for (const { what, run } of steps.splice(0).reverse()) {
        try {
          await run();
        } catch (err) {
          console.error(`  cleanup: ${what} failed: ${(err as Error).message}`);
        }
      }
    },
  };
}

const READY_WITHIN_MS = 90_000;

export async function startCluster(opts: { pgAdminUrl: string; redisUrl: string }): Promise<Cluster> {
  const undo = cleanups();
  try {
    return await setUp(opts, undo);
  } catch (err) {
    await undo.runAll();
    throw err;
  }
}

async function setUp(opts: { pgAdminUrl: string; redisUrl: string }, undo: ReturnType<typeof cleanups>): Promise<Cluster> {
  const work = mkdtempSync(path.join(tmpdir(), 'plaza-cluster-'));
  undo.add('removing the work folder', () => rmSync(work, { recursive: true, force: true }));
  const dbName = `plaza_cluster_${process.pid}`;
  const adminQuery = async (sql: string) => {
    const admin = new pg.Client({ connectionString: opts.pgAdminUrl, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${dbName}`);
  undo.add(`dropping database ${dbName}`, () => adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  const prefix = `plaza-cluster:${process.pid}:`;
  undo.add('deleting the Redis keys', async () => {
    const redis = new Redis(opts.redisUrl, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
  const pgUrl = new URL(opts.pgAdminUrl);
  const redisUrl = new URL(opts.redisUrl);
  const pgProxy = await startProxyProcess('PostgreSQL', { host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  undo.add('stopping the PostgreSQL proxy', () => pgProxy.close());
  const redisProxy = await startProxyProcess('Redis', { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  undo.add('stopping the Redis proxy', () => redisProxy.close());
  const databaseUrl = new URL(opts.pgAdminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const proxiedDb = new URL(databaseUrl);
  proxiedDb.host = `127.0.0.1:${pgProxy.port}`;

  // The built server (`npm run test:cluster` builds it first), as a deploy runs it.
  const dist = path.join(serverRoot, 'dist/main.js');
  const command = existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')];
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATABASE_URL: proxiedDb.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    WEB_DIST: path.join(work, 'no-web'),
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT: '1000',
    // Sixty sign-ups from one address in a minute; chat flood control is not scaled and stays as users meet it.
    // A setting for test runs only (src/config.ts, testOverrides), not configuration.
    PLAZA_TEST_OVERRIDES: JSON.stringify({ rateLimitScale: 100, outboundLoopbackOnly: true }),
    DATABASE_CONNECT_TIMEOUT: '2',
    DATABASE_STATEMENT_TIMEOUT: '2',
    REDIS_CONNECT_TIMEOUT: '2',
    REDIS_COMMAND_TIMEOUT: '1',
    SHUTDOWN_TIMEOUT: '10',
    // Web and worker processes apart, as docs/deploy.md advises; a job whose worker died is taken up again 5 s on.
    PLAZA_ROLE: 'web',
    OUTBOX_LEASE_MS: '5000',
  };

  const serverNode = (index: number, name: string, port: number, extra: Record<string, string> = {}): ServerNode => ({
    index,
    name,
    port,
    env: extra,
    url: `http://127.0.0.1:${port}`,
    process: null,
    exits: [],
    errors: [],
    tail: [],
  });
  const nodes = NODE_PORTS.map((port, index) => serverNode(index, `node ${index + 1}`, port));
  const worker = serverNode(3, 'worker', WORKER_PORT, {
    PLAZA_ROLE: 'worker',
    PLAZA_TEST_OVERRIDES: JSON.stringify({ rateLimitScale: 100, outboundLoopbackOnly: true, fanOutPauseMs: FAN_OUT_PAUSE_MS }),
  });
  const logDir = process.env.CLUSTER_LOG_DIR;
  if (logDir) mkdirSync(logDir, { recursive: true });

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  undo.add('killing the nodes', async () => {
    const running = [...nodes, worker].flatMap((n) => (n.process ? [n.process] : []));
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map(exited));
  });

  const start = async (node: ServerNode) => {
    const dataDir = path.join(work, node.name.replace(' ', ''));
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, command, {
      cwd: serverRoot,
      env: { ...env, ...node.env, PORT: String(node.port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.process = child;
    let buffer = '';
    const read = (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (logDir) appendFileSync(path.join(logDir, `${node.name.replace(' ', '')}.log`), `${line}\n`);
        node.tail.push(line.slice(0, 400));
        if (node.tail.length > 20) node.tail.shift();
        if (/"level":(50|60)/.test(line)) node.errors.push(line.slice(0, 400));
        else if (!line.startsWith('{')) node.errors.push(line.slice(0, 400));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code, signal) => {
      node.exits.push(code);
      if (node.process === child) node.process = null;
      if (signal !== 'SIGKILL' && code !== 0) console.log(`  ${node.name} exited with ${signal ?? `code ${code}`}`);
    });
    const startedAt = Date.now();
    try {
      await waitReady(node.url, READY_WITHIN_MS, () =>
        child.exitCode !== null || child.signalCode !== null ? `exited (${child.signalCode ?? child.exitCode})` : null,
      );
    } catch (err) {
      throw new Error(`${node.name}: ${(err as Error).message}; its last log lines:\n    ${node.tail.join('\n    ')}`);
    }
    return Date.now() - startedAt;
  };

  // The first node migrates the fresh database; the others start beside it.
  await start(nodes[0]);
  await Promise.all([...nodes.slice(1), worker].map(start));

  const nginxDir = path.join(work, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir));
  const check = spawnSync('nginx', ['-t', '-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx configuration refused: ${check.stderr}`);
  const nginx = spawn('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { stdio: 'ignore' });
  undo.add('stopping nginx', async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    const gone = exited(nginx);
    // SIGTERM is nginx's fast shutdown: it does not wait for the websockets it proxies.
    nginx.kill('SIGTERM');
    await Promise.race([gone, sleep(5000).then(() => nginx.kill('SIGKILL'))]);
  });
  const url = `http://127.0.0.1:${BALANCER_PORT}`;
  await waitReady(url, 10_000, () => (nginx.exitCode !== null ? `nginx exited (${nginx.exitCode}; is the port free?)` : null));

  return {
    url,
    nodes,
    worker,
    pgProxy,
    redisProxy,
    databaseUrl: databaseUrl.toString(),
    start,
    async stop(node) {
      const child = node.process;
      if (!child) return null;
      child.kill('SIGTERM');
      return exited(child);
    },
    async kill(node) {
      const child = node.process;
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    alive: (node) => node.process !== null && node.process.exitCode === null && node.process.signalCode === null,
    teardown: () => undo.runAll(),
  };
}

/**
 * The SSRF-safe HTTP client for addresses people give Plaza (the pages and images of link previews). Every hop is
 * connected through request-filtering-agent, which refuses private, loopback, link-local and other non-public
 * addresses after DNS resolution (so a name that resolves inward is refused too) unless ALLOW_PRIVATE_ADDRESSES
 * is set; redirects are followed by hand, each hop checked again, at most five; the whole exchange has one
 * deadline; the body is read up to a byte limit and no further.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Why a fetch gave nothing; `address` is the SSRF rule (a private or otherwise non-public address). */
export type FetchRefusal = 'address' | 'scheme' | 'redirects' | 'status' | 'type' | 'timeout' | 'size' | 'network';

export class FetchRefusedError extends Error {
  constructor(
    readonly reason: FetchRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export interface SafeClientOptions {
  /** ALLOW_PRIVATE_ADDRESSES: tests and local trials only. */
  allowPrivateAddresses: boolean;
  /** Addresses allowed even when private ones are not (a test's fixture, to show that a later hop is checked). */
  allowAddresses?: string[];
  /** Test runs: hosts other than loopback ones are refused before any lookup (Config.outboundLoopbackOnly). */
  loopbackOnly?: boolean;
  userAgent: string;
}

export interface SafeGetOptions {
  /** For every hop together. */
  timeoutMs: number;
  maxBytes: number;
  /** What happens past `maxBytes`: `cut` keeps the first bytes (HTML: the head is what matters), `refuse` fails. */
  overflow: 'cut' | 'refuse';
  accept: string;
  /** Whether a response's Content-Type (lower-cased, without parameters) may be read at all. */
  acceptsType(type: string): boolean;
  maxRedirects?: number;
}

export interface SafePostOptions {
  headers: Record<string, string | number>;
  body: Buffer | null;
  timeoutMs: number;
}

export interface FetchedBody {
  /** Where the body came from, after redirects. */
  url: string;
  /** The Content-Type header as sent (its charset matters to HTML). */
  contentType: string;
  body: Buffer;
  /** The body stopped at `maxBytes`. */
  cut: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

export function safeClient(options: SafeClientOptions) {
  const filter = { allowPrivateIPAddress: options.allowPrivateAddresses, allowIPAddressList: options.allowAddresses ?? [] };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };

  /** One hop: a response (status, headers, body stream) or a refusal. */
  function hop(url: URL, opts: SafeGetOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(url, {
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        signal,
        headers: { accept: opts.accept, 'user-agent': options.userAgent, 'accept-encoding': 'identity' },
      });
      req.on('response', resolve);
      req.on('error', (err) => reject(refusalOf(err, signal)));
    });
  }

  return {
    /**
     * POST `body` to `target` (a push service) through the same address checks, redirects not followed, within
     * `timeoutMs`; answers whatever status came back with the start of its body, throws FetchRefusedError otherwise.
     */
    async post(target: string, opts: SafePostOptions): Promise<{ status: number; body: Buffer }> {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      const url = parseHttpUrl(target);
      if (options.loopbackOnly && !LOOPBACK_HOST.test(url.hostname))
        throw new FetchRefusedError('address', `${url.hostname} is not a loopback host`);
      const client = url.protocol === 'https:' ? https : http;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = client.request(url, {
          method: 'POST',
          agent: url.protocol === 'https:' ? agents.https : agents.http,
          signal,
          headers: { ...opts.headers, 'user-agent': options.userAgent },
        });
        req.on('response', resolve);
        req.on('error', (err) => reject(refusalOf(err, signal)));
        req.end(opts.body);
      });
      const { body } = await readUpTo(res, { maxBytes: 4096, overflow: 'cut' }, signal);
      return { status: res.statusCode ?? 0, body };
    },

    /** GET `target`, following redirects; throws FetchRefusedError for whatever is refused or fails. */
    async get(target: string, opts: SafeGetOptions): Promise<FetchedBody> {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      let url = parseHttpUrl(target);
      for (let redirects = 0; ; redirects++) {
        if (options.loopbackOnly && !LOOPBACK_HOST.test(url.hostname))
          throw new FetchRefusedError('address', `${url.hostname} is not a loopback host`);
        const res = await hop(url, opts, signal);
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          if (redirects >= (opts.maxRedirects ?? 5)) throw new FetchRefusedError('redirects', 'Too many redirects');
          url = parseHttpUrl(new URL(res.headers.location, url).href);
          continue;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          throw new FetchRefusedError('status', `The server answered ${status}`);
        }
        const contentType = res.headers['content-type'] ?? '';
        if (!opts.acceptsType(contentType.split(';')[0].trim().toLowerCase())) {
          res.destroy();
          throw new FetchRefusedError('type', `Not a type that is read: ${contentType || 'none'}`);
        }
        const { body, cut } = await readUpTo(res, opts, signal);
        return { url: url.href, contentType, body, cut };
      }
    },
  };
}
export type SafeClient = ReturnType<typeof safeClient>;

function parseHttpUrl(href: string): URL {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new FetchRefusedError('scheme', 'Not a link');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('scheme', 'Only http and https links are read');
  if (url.username || url.password) throw new FetchRefusedError('scheme', 'Links with credentials are not read');
  return url;
}

/** Reads the body until its end or `maxBytes`; past that it stops reading and closes the connection. */
function readUpTo(
  res: http.IncomingMessage,
  opts: Pick<SafeGetOptions, 'maxBytes' | 'overflow'>,
  signal: AbortSignal,
): Promise<{ body: Buffer; cut: boolean }> {
  const declared = Number(res.headers['content-length']);
  if (opts.overflow === 'refuse' && declared > opts.maxBytes) {
    res.destroy();
    return Promise.reject(new FetchRefusedError('size', 'Larger than allowed'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size + chunk.length <= opts.maxBytes) {
        chunks.push(chunk);
        size += chunk.length;
        return;
      }
      res.destroy();
      if (opts.overflow === 'refuse') return reject(new FetchRefusedError('size', 'Larger than allowed'));
      chunks.push(chunk.subarray(0, opts.maxBytes - size));
      resolve({ body: Buffer.concat(chunks), cut: true });
    });
    res.on('end', () => resolve({ body: Buffer.concat(chunks), cut: false }));
    res.on('error', (err) => reject(refusalOf(err, signal)));
    res.on('close', () => {
      if (!res.complete) reject(refusalOf(new Error('The connection closed early'), signal));
    });
  });
}

/** request-filtering-agent says "… is not allowed" for an address it refuses. */
function refusalOf(err: unknown, signal: AbortSignal): FetchRefusedError {
  if (err instanceof FetchRefusedError) return err;
  if (signal.aborted) return new FetchRefusedError('timeout', 'The site took too long');
  const message = err instanceof Error ? err.message : String(err);
  if (/is not allowed/.test(message)) return new FetchRefusedError('address', message);
  return new FetchRefusedError('network', message);
}

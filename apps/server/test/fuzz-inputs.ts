/**
 * Bad inputs for the fuzz test, generated from each operation's contract schemas: plausible values (so
 * requests reach the services) with one field at a time replaced by something hostile, plus broken
 * bodies, content types and path parameters. Deterministic for a seed, so a failure can be replayed.
 */
import type { Operation } from '@plaza/contract';
import { z } from 'zod';

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the input, for the failure report. */
  label: string;
}

/** Real ids and names, so some requests name things that exist. */
export interface FuzzPool {
  ids: Record<string, string>;
  userName: string;
  otherUserName: string;
  token: string;
}

type Rng = () => number;

/** mulberry32: small, fast and seedable. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)];

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1), b: [depth] });

/** Values that are wrong in type, size or content for almost any field. */
const HOSTILE: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  2 ** 53 + 1,
  true,
  false,
  [],
  [1, 'two', null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  { constructor: { prototype: { polluted: true } } },
  '',
  ' ',
  'a'.repeat(100_000),
  '\u0000',
  'abc\u0000def',
  '\u0001\u0002\u001b[31m',
  '\r\n\r\nX-Injected: 1',
  '\u202eevil',
  '\u200b\u200b',
  '😀'.repeat(500),
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  'e\u0301',
  '%00',
  '%',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '99999999999999999999999',
  '0x1f',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  nested(60),
  Array.from({ length: 5000 }, (_, i) => i),
];

/** Raw path segments: some are not even valid percent-encoding. */
const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  '%',
  '%zz',
  '%c0%ae%c0%ae',
  '%ff%fe',
  '%2e%2e%2f%2e%2e',
  '..',
  '%2F',
  'a%20b',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  'x'.repeat(5000),
  '-1',
  '0',
  'null',
  '%27%20OR%201%3D1',
  '%3Cscript%3E',
  '00000000-0000-0000-0000-000000000000',
];

const JSON_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  '',
  'application/json',
];

const BROKEN_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"string"',
  '42',
  '{"a":1,"a":2}',
  '\u0000',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  '['.repeat(50_000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
  '\xef\xbb\xbf{}',
  // Over the 1 MB body limit.
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  Buffer.from([0xff, 0xfe, 0xfd]).toString('latin1'),
];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
}

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A value the schema would likely accept, with real ids where a name says an id. */
function plausible(r: Rng, name: string, s: JsonSchema | undefined, pool: FuzzPool): unknown {
  if (!s) return 'hello';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return pick(r, s.enum);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(r, name, pick(r, alt), pool);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1 + Math.floor(r() * 3);
    case 'boolean':
      return r() < 0.5;
    case 'array':
      return r() < 0.5 ? [] : [plausible(r, name, s.items, pool)];
    case 'object':
      return plausibleObject(r, s, pool);
    default:
      return plausibleString(r, name, pool);
  }
}

function plausibleString(r: Rng, name: string, pool: FuzzPool): string {
  const lower = name.toLowerCase();
  if (lower.includes('username') || lower === 'identifier') return pick(r, [pool.userName, pool.otherUserName]);
  if (lower.endsWith('id') || lower.includes('user')) {
    const exact = Object.entries(pool.ids).find(([k]) => k.toLowerCase() === lower)?.[1];
    return exact && r() < 0.7 ? exact : pick(r, Object.values(pool.ids));
  }
  if (lower.includes('email')) return 'someone@example.test';
  if (lower.includes('password')) return 'not the password';
  if (lower.includes('token')) return pick(r, [pool.token, 'not-a-token']);
  return pick(r, ['hello', 'a', 'Plaza fuzz', '1']);
}

function plausibleObject(r: Rng, s: JsonSchema, pool: FuzzPool): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(r, k, v, pool);
  return out;
}

function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded; send it raw, as an attacker would.
    return text;
  }
}

function queryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const item of v.slice(0, 20)) parts.push(`${encodeSegment(k)}=${encodeSegment(item)}`);
    else if (v !== undefined) parts.push(`${encodeSegment(k)}=${encodeSegment(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function multipartBody(r: Rng, fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = `fuzz${Math.floor(r() * 1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  const files = Math.floor(r() * 3);
  for (let i = 0; i < files; i++) {
    const field = pick(r, ['media', 'images', 'avatar', 'file', '']);
    const filename = pick(r, ['a.png', '../../x.png', 'a\u0000.png', '', 'x'.repeat(1000)]);
    const type = pick(r, ['image/png', 'video/mp4', 'text/html', 'application/octet-stream', '']);
    const bytes = pick(r, [
      Buffer.from('not an image'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      Buffer.from('GIF89a'),
      Buffer.alloc(0),
      Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
    ]);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    chunks.push(bytes, Buffer.from('\r\n'));
  }
  // Sometimes cut short, as a dropped upload would be.
  if (r() > 0.2) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `count` bad requests for one operation. */
export function fuzzRequests(op: Operation, prefix: string, pool: FuzzPool, count: number, seed: number): FuzzRequest[] {
  const r = rng(seed);
  const params = jsonSchemaOf(op.params);
  const query = jsonSchemaOf(op.querystring);
  const body = jsonSchemaOf(op.body);
  const form = jsonSchemaOf(op.multipart);
  const paramNames = Object.keys(params?.properties ?? {});
  const out: FuzzRequest[] = [];

  for (let i = 0; i < count; i++) {
    const labels: string[] = [];
    // Path parameters: mostly plausible, sometimes hostile.
    let path = op.path;
    for (const name of paramNames) {
      let segment = encodeSegment(plausible(r, name, params?.properties?.[name], pool));
      if (r() < 0.35) {
        segment = r() < 0.5 ? pick(r, HOSTILE_SEGMENTS) : encodeSegment(pick(r, HOSTILE));
        labels.push(`param ${name}=${segment.slice(0, 40)}`);
      }
      path = path.replace(`:${name}`, segment || '%20');
    }

    // Query: plausible values with one hostile, extra or repeated key.
    const q: Record<string, unknown> = query ? plausibleObject(r, query, pool) : {};
    if (r() < 0.6) {
      const keys = Object.keys(q);
      const key = keys.length && r() < 0.7 ? pick(r, keys) : pick(r, ['page', 'limit', 'search', 'query', 'x', '__proto__', 'a[b]']);
      q[key] = r() < 0.2 ? [1, 2, 'three'] : pick(r, HOSTILE);
      labels.push(`query ${key}`);
    }

    const headers: Record<string, string> = {};
    const auth = r();
    if (auth < 0.85) headers.authorization = `Bearer ${pool.token}`;
    else if (auth < 0.92)
      headers.authorization = pick(r, ['Bearer ', 'Bearer x.y.z', 'Basic abc', `Bearer ${pool.token}x`, 'Bearer \u00ff']);
    if (auth >= 0.85) labels.push('auth');

    let payload: string | Buffer | undefined;
    if (op.method !== 'GET' && op.method !== 'DELETE') {
      const mode = r();
      if (form && mode < 0.7) {
        const fields = plausibleObject(r, form, pool);
        for (const k of Object.keys(fields)) if (r() < 0.3) fields[k] = pick(r, HOSTILE);
        const m = multipartBody(r, fields);
        payload = m.payload;
        headers['content-type'] =
          r() < 0.1 ? pick(r, ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x']) : m.contentType;
        labels.push('multipart');
      } else if (mode < 0.55) {
        // One field hostile, or missing, or an extra one.
        const value = body ? plausibleObject(r, body, pool) : {};
        const keys = Object.keys(value);
        const k = keys.length ? pick(r, keys) : 'x';
        const how = r();
        if (how < 0.6) value[k] = pick(r, HOSTILE);
        else if (how < 0.8) delete value[k];
        else value[pick(r, ['extra', '__proto__', 'constructor', '$where'])] = pick(r, HOSTILE);
        payload = JSON.stringify(value);
        headers['content-type'] = 'application/json';
        labels.push(`body ${k}`);
      } else if (mode < 0.8) {
        payload = pick(r, BROKEN_BODIES);
        headers['content-type'] = 'application/json';
        labels.push(`broken body ${JSON.stringify(payload.slice(0, 20))}`);
      } else {
        payload = JSON.stringify(body ? plausibleObject(r, body, pool) : { a: 1 });
        headers['content-type'] = pick(r, JSON_CONTENT_TYPES);
        labels.push(`content-type ${headers['content-type']}`);
      }
    }
    out.push({ method: op.method, url: `${prefix}${path}${queryString(q)}`, headers, payload, label: labels.join(', ') || 'plausible' });
  }
  return out;
}

/**
 * The session's three storage entries, encrypted with AES-GCM under a passphrase fixed in the client
 * (product.md § Session and tokens). This is obfuscation, not secrecy: anyone with the bundle can derive the key. The real
 * protection is the short-lived access token and refresh-token rotation with reuse detection.
 */
import { STORAGE_KEYS } from '@plaza/contract/constants';

/**
 * Whether this page may keep a session at all: browsers give Web Crypto only to secure pages (https, or
 * localhost), so a plain-http address on a network cannot sign anyone in.
 */
export const canKeepSession = (): boolean => typeof crypto !== 'undefined' && typeof crypto.subtle !== 'undefined';

const PASSPHRASE = 'plaza-web-storage-v1';
const SALT = new TextEncoder().encode('plaza.session.salt');

let keyPromise: Promise<CryptoKey> | null = null;
function key(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSPHRASE), 'PBKDF2', false, ['deriveKey']);
    return crypto.subtle.deriveKey(
      { name: 'PBKDF2', salt: SALT, iterations: 10_000, hash: 'SHA-256' },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  })();
  return keyPromise;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function encrypt(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), new TextEncoder().encode(plain)));
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv);
  out.set(cipher, iv.length);
  return toB64(out);
}

export async function decrypt(stored: string): Promise<string | null> {
  try {
    const bytes = fromB64(stored);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await key(), bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export async function setSecure(name: string, value: unknown): Promise<void> {
  localStorage.setItem(name, await encrypt(JSON.stringify(value)));
}

export async function getSecure<T>(name: string): Promise<T | null> {
  const raw = localStorage.getItem(name);
  if (!raw) return null;
  const plain = await decrypt(raw);
  if (plain === null) return null;
  try {
    return JSON.parse(plain) as T;
  } catch {
    return null;
  }
}

export interface StoredSession<U = unknown> {
  userDetails: U | null;
  accessToken: string | null;
  refreshToken: string | null;
}

export async function readSession<U>(): Promise<StoredSession<U>> {
  const [userDetails, accessToken, refreshToken] = await Promise.all([
    getSecure<U>(STORAGE_KEYS.userDetails),
    getSecure<string>(STORAGE_KEYS.accessToken),
    getSecure<string>(STORAGE_KEYS.refreshToken),
  ]);
  return { userDetails, accessToken, refreshToken };
}

// Writes are queued so a later clear can never be overtaken by an earlier, slower encrypt.
let queue: Promise<unknown> = Promise.resolve();
function enqueue(task: () => Promise<void> | void): Promise<void> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

export function persistSession(parts: Partial<StoredSession>): Promise<void> {
  return enqueue(async () => {
    for (const [name, value] of Object.entries(parts)) {
      if (value === undefined) continue;
      if (value === null) localStorage.removeItem(name);
      else await setSecure(name, value);
    }
  });
}

export function clearSession(): Promise<void> {
  return enqueue(() => {
    localStorage.removeItem(STORAGE_KEYS.userDetails);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  });
}

/** The refresh token is needed outside React (the API client); read it from storage when needed. */
export const readRefreshToken = () => getSecure<string>(STORAGE_KEYS.refreshToken);

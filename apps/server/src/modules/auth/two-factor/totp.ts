/**
 * TOTP (RFC 6238: six digits, 30-second steps, SHA-1, as every authenticator app reads them) with otpauth,
 * and the sealing of secrets: AES-256-GCM under a key derived from the server's secret, so a copy of the
 * database alone does not give away anyone's codes.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
/** Codes of the step before and after are taken too: phones' clocks drift and people type slowly. */
const WINDOW = 1;

export interface TotpKeys {
  /** Seals and opens stored secrets. */
  seal(secret: string): string;
  open(sealed: string): string;
  /** A keyed hash of a recovery code (high-entropy codes need no slow hash; the key keeps a leaked table useless). */
  hashRecoveryCode(code: string): string;
}

export function totpKeys(serverSecret: string): TotpKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'plaza', info, 32));
  const sealKey = derive('totp-secret-seal');
  const codeKey = derive('recovery-code-hash');
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', sealKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    hashRecoveryCode: (code) => createHmac('sha256', codeKey).update(normalizeRecoveryCode(code)).digest('hex'),
  };
}

/** A fresh base32 secret of 160 bits (RFC 4226's recommended length). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// URL an app reads from the QR code. */
export const otpauthUrl = (secret: string, label: string, issuer: string): string => totpOf(secret, label, issuer).toString();

/** The time step a code belongs to when it is right (now, or one step either side); null when it is wrong. */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Ten characters of an alphabet without look-alikes, shown as `xxxxx-xxxxx`: 50 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

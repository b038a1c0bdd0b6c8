/** Access tokens (short-lived JWTs naming the user and session) and opaque refresh tokens (stored hashed). */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { sentence, UnauthorizedError } from '../../lib/errors';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** What a verified token says, with when it stops being valid (ms since the epoch). */
export interface VerifiedClaims extends AccessClaims {
  expiresAt: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Verifies an HS256 token with node:crypto, synchronously. jose's verify goes through WebCrypto, a
   * thread-pool round trip per request, which dominated the cost of every authenticated call. A token
   * found on a live session is then kept by the auth service (live-tokens.ts), not verified again.
   */
  async verify(token: string): Promise<VerifiedClaims> {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [header, payload, signature] = parts;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    // Compared as text: decoding is lenient (a last character's unused low bits, stray characters), so
    // comparing decoded bytes would take several spellings of one signature.
    const given = Buffer.from(signature);
    const wanted = Buffer.from(expected.toString('base64url'));
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalid();
    let claims: { alg?: unknown; sub?: unknown; sid?: unknown; exp?: unknown };
    try {
      claims = {
        ...(JSON.parse(Buffer.from(header, 'base64url').toString()) as typeof claims),
        ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as typeof claims),
      };
    } catch {
      throw invalid();
    }
    if (claims.alg !== 'HS256' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number')
      throw invalid();
    if (claims.exp * 1000 <= Date.now()) throw new UnauthorizedError(sentence('error.auth.tokenExpired'), {}, 'Token expired');
    return { userId: claims.sub, sessionId: claims.sid, expiresAt: claims.exp * 1000 };
  }
}

const invalid = () => new UnauthorizedError(sentence('error.auth.tokenInvalid'), {}, 'Invalid token');

export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

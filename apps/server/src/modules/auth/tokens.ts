/** Access tokens (short-lived JWTs naming the user and session) and opaque refresh tokens (stored hashed). */
import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { UnauthorizedError } from '../../lib/errors';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlSeconds: number) {
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

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new UnauthorizedError('Your access token has expired.', {}, 'Token expired');
      throw new UnauthorizedError('Your access token is invalid.', {}, 'Invalid token');
    }
  }
}

export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): registering several per account, removing them, and
 * signing in with one instead of the password. Discoverable credentials, so the sign-in needs no user
 * name; user verification required, so a passkey is two factors on its own and the sign-in asks no TOTP
 * code (docs/decisions/accounts.md). Each ceremony's challenge is kept server-side and spent once.
 */
import { PASSKEY_FRESH_SIGN_IN_MINUTES, type Passkey } from '@plaza/contract';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../../db';
import { isUniqueViolation } from '../../../db/errors';
import type { PasskeysTable } from '../../../db/tables/auth';
import type { EventBus } from '../../../lib/events';
import { ConflictError, fieldError, NotFoundError, sentence, type Sentence } from '../../../lib/errors';
import { newId, nowIso } from '../../../lib/ids';
import { userRepo } from '../../users';
import { challengeRepo } from '../challenges';
import { verifyPassword } from '../passwords';
import { passkeyRepo } from './repo';

export interface RelyingParty {
  /** The host name of PUBLIC_URL: passkeys are bound to it. */
  id: string;
  /** PUBLIC_URL's origin, which the browser writes into every answer. */
  origin: string;
  name: string;
}

/**
 * SimpleWebAuthn and its helpers, loaded at the first passkey ceremony (Node keeps them after): a server
 * whose people use no passkey never holds them in memory.
 */
const simpleWebAuthn = () => Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);

const refused = (message: Sentence = sentence('error.passkey.notVerified')) => fieldError('response', message);

/** The challenge the browser signed, read from its client data; a body that has none is refused. */
async function signedChallenge(clientDataJSON: string): Promise<string> {
  const { decodeClientDataJSON } = await import('@simplewebauthn/server/helpers');
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw refused();
  }
}

const presentPasskey = (row: PasskeysTable): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const transportsOf = (row: PasskeysTable): AuthenticatorTransportFuture[] | undefined =>
  row.transports ? (JSON.parse(row.transports) as AuthenticatorTransportFuture[]) : undefined;

/** Whether the session began (the password or a code was given) within `PASSKEY_FRESH_SIGN_IN_MINUTES`. */
async function signedInRecently(db: Db, sessionId: string): Promise<boolean> {
  const session = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return !!session && Date.now() - Date.parse(session.created_at) <= PASSKEY_FRESH_SIGN_IN_MINUTES * 60_000;
}

// Long: a service; each method is short and shares the repositories made once here.
export function passkeyService(db: Db, events: EventBus, rp: RelyingParty) {
  const repo = passkeyRepo(db);
  const users = userRepo(db);
  const challenges = challengeRepo(db);

  return {
    async loginOptions() {
      const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', allowCredentials: [] });
      await challenges.create(options.challenge, 'passkey-login', null);
      return options;
    },

    /** The account a passkey sign-in proves; the caller starts its session. */
    async login(response: AuthenticationResponseJSON): Promise<string> {
      const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await simpleWebAuthn();
      const challenge = await signedChallenge(response.response.clientDataJSON);
      if (!(await challenges.spend(challenge, 'passkey-login'))) throw refused(sentence('error.passkey.signInExpired'));
      const row = await repo.findByCredential(response.id);
      if (!row) throw refused(sentence('error.passkey.unknown'));
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: row.credential_id,
          publicKey: isoBase64URL.toBuffer(row.public_key),
          counter: Number(row.counter),
          transports: transportsOf(row),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!result?.verified) throw refused();
      await repo.used(row.id, result.authenticationInfo.newCounter, nowIso());
      return row.user_id;
    },

    /**
     * Needs the password, or a session signed in a few minutes ago (the password was typed then): a passkey
     * signs in on its own and outlives a password change, so an older session alone (a borrowed browser, a
     * stolen token) must not plant one.
     */
    async registerOptions(userId: string, sessionId: string, password: string | undefined) {
      const user = await users.findById(userId);
      if (!user) throw new NotFoundError(sentence('error.account.notFound'));
      if (password === undefined) {
        if (!(await signedInRecently(db, sessionId))) {
          throw fieldError('password', sentence('error.passkey.passwordNeeded'));
        }
      } else if (!(await verifyPassword(user.password_hash, password))) {
        throw fieldError('password', sentence('error.auth.passwordWrong'));
      }
      const existing = await repo.listOf(userId);
      const [{ generateRegistrationOptions }, { isoUint8Array }] = await simpleWebAuthn();
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.user_name,
        userDisplayName: user.full_name,
        userID: isoUint8Array.fromUTF8String(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challenges.create(options.challenge, 'passkey-register', userId);
      return options;
    },

    async register(userId: string, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
      const [{ verifyRegistrationResponse }, { isoBase64URL }] = await simpleWebAuthn();
      const challenge = await signedChallenge(response.response.clientDataJSON);
      const found = await challenges.find(challenge, 'passkey-register');
      // Another account's ceremony is as unknown to this one as an expired one.
      if (found?.user_id !== userId || !(await challenges.spend(challenge, 'passkey-register'))) {
        throw refused(sentence('error.passkey.registrationExpired'));
      }
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!result?.verified) throw refused();
      const { credential } = result.registrationInfo;
      const row: PasskeysTable = {
        id: newId(),
        user_id: userId,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name,
        created_at: nowIso(),
        last_used_at: null,
      };
      try {
        await repo.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(sentence('error.passkey.taken'));
        throw err;
      }
      events.publish('passkeyAdded', { userId, name, at: row.created_at });
      return presentPasskey(row);
    },

    async list(userId: string): Promise<Passkey[]> {
      return (await repo.listOf(userId)).map(presentPasskey);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new NotFoundError(sentence('error.passkey.notFound'));
    },
  };
}
export type PasskeyService = ReturnType<typeof passkeyService>;

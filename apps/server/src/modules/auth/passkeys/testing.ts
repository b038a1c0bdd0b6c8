/**
 * A software authenticator for tests: makes passkey registrations (attestation "none") and signed
 * assertions as a browser would hand them over, with an ES256 key pair made by node:crypto.
 */
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };
type Cbor = Parameters<typeof isoCBOR.encode>[0];

export interface SoftPasskey {
  credentialId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface Ceremony {
  challenge: string;
  origin: string;
  rpId: string;
}

const clientData = (type: string, { challenge, origin }: Ceremony) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** A registration answer for `navigator.credentials.create()` and the key to sign in with later. */
export function createPasskey(ceremony: Ceremony, userHandle: string, opts: { verified?: boolean } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
  const credId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credId, Buffer.from(cose)]);
  const flags = FLAGS.userPresent | FLAGS.attested | (opts.verified === false ? 0 : FLAGS.userVerified);
  const attestationObject = isoCBOR.encode(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, Cbor>()],
      ['authData', new Uint8Array(authData(ceremony.rpId, flags, 0, attested))],
    ]),
  );
  const credentialId = b64(credId);
  const passkey: SoftPasskey = { credentialId, userHandle, privateKey, counter: 0 };
  const response = {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64(clientData('webauthn.create', ceremony)),
      attestationObject: b64(attestationObject),
      transports: ['internal' as const],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** A signed answer for `navigator.credentials.get()`; each one counts up the authenticator's counter. */
export function assertPasskey(passkey: SoftPasskey, ceremony: Ceremony) {
  passkey.counter += 1;
  const data = authData(ceremony.rpId, FLAGS.userPresent | FLAGS.userVerified, passkey.counter);
  const client = clientData('webauthn.get', ceremony);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}

/**
 * Each local person's two key pairs: RSA (what Mastodon and most servers verify HTTP Signatures with) and
 * Ed25519 (object integrity proofs). Made on first use and kept in the database, so every process of the
 * server signs with the same keys and a restart keeps them.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';

export interface KeyPairs {
  rsa: CryptoKeyPair;
  ed25519: CryptoKeyPair;
}

async function pairFrom(publicJwk: string, privateJwk: string): Promise<CryptoKeyPair> {
  return {
    publicKey: await importJwk(JSON.parse(publicJwk) as JsonWebKey, 'public'),
    privateKey: await importJwk(JSON.parse(privateJwk) as JsonWebKey, 'private'),
  };
}

const jwkText = async (key: CryptoKey) => JSON.stringify(await exportJwk(key));

export function keyStore(db: Db) {
  const read = () => db.selectFrom('federation_keys').selectAll();

  return {
    async pairsOf(userId: string): Promise<KeyPairs> {
      let row = await read().where('user_id', '=', userId).executeTakeFirst();
      if (!row) {
        // 2048 bits, as Mastodon's own keys: Fedify's default of 4096 takes seconds to make on a small server.
        const rsa = await crypto.subtle.generateKey(
          { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
          true,
          ['sign', 'verify'],
        );
        const ed25519 = await generateCryptoKeyPair('Ed25519');
        // Two requests making them at once: the first insert wins and both use what it stored.
        await db
          .insertInto('federation_keys')
          .values({
            user_id: userId,
            rsa_public: await jwkText(rsa.publicKey),
            rsa_private: await jwkText(rsa.privateKey),
            ed25519_public: await jwkText(ed25519.publicKey),
            ed25519_private: await jwkText(ed25519.privateKey),
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
        row = await read().where('user_id', '=', userId).executeTakeFirstOrThrow();
      }
      return { rsa: await pairFrom(row.rsa_public, row.rsa_private), ed25519: await pairFrom(row.ed25519_public, row.ed25519_private) };
    },
  };
}
export type KeyStore = ReturnType<typeof keyStore>;

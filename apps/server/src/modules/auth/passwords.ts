/** argon2id password hashing (OWASP's recommended parameters). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id's memory (KiB) and passes; only test runs lower them (Config.passwordCost). Verifying reads them from the hash. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

export const hashPassword = (password: string, cost?: PasswordCost) => hash(password, { ...OPTIONS, ...cost });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps the timing of both failures alike.
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost?: PasswordCost): Promise<string> {
  const key = `${cost?.memoryCost}:${cost?.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword('plaza-timing-equaliser', cost)));
  return dummy;
}

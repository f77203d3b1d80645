import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. At most two hashes at once (below), so a login
// flood queues instead of starving the API.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// At most two hashes at once, so a login flood queues here instead of starving the rest of the API.
const limit = pLimit(2);

/** Hashes running and waiting now (for the tests of that limit). */
export const hashingLoad = () => ({ running: limit.activeCount, waiting: limit.pendingCount });

export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, options));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown user) it verifies against a dummy so that
 * "unknown user" and "wrong password" take the same time.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('agency-hub-timing-equaliser');
    await limit(async () => verify(await dummyHash!, password).catch(() => false));
    return false;
  }
  return limit(() => verify(stored, password).catch(() => false));
}

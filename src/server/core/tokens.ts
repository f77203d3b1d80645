import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token; 32 bytes = 256 bits. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak yields nothing usable. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, parseSecretKey, secretBox } from './secret-box';

describe('secret box', () => {
  const box = secretBox(Buffer.alloc(32, 7));

  it('round-trips, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('gp-token-123');
    expect(sealed).not.toContain('gp-token-123');
    expect(box.seal('gp-token-123')).not.toBe(sealed); // fresh IV each time
    expect(box.open(sealed)).toBe('gp-token-123');
  });

  it('refuses tampered text and another key', () => {
    const sealed = box.seal('gp-token-123');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });

  it('creates a 0600 key file once, in a 0700 folder, and reuses it', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-key-'));
    const dir = path.join(parent, 'data');
    const a = loadOrCreateKeyFile(dir);
    const b = loadOrCreateKeyFile(dir);
    expect(a.equals(b)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    fs.rmSync(parent, { recursive: true });
  });

  it('explains a malformed SECRET_KEY', () => {
    expect(() => parseSecretKey('short')).toThrow(/64 hex characters/);
    expect(parseSecretKey('ab'.repeat(32))).toHaveLength(32);
  });
});

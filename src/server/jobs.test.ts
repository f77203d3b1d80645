import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { jobSpecs } from './jobs';

describe('the job registry', () => {
  it('gives every kind of background work one name, defined once', async () => {
    const t = await createTestApp();
    try {
      const names = jobSpecs(t.services).map((spec) => spec.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expect.arrayContaining(['sync-gridpane', 'sync-betteruptime', 'website-facts']));
    } finally {
      await t.close();
    }
  });
});

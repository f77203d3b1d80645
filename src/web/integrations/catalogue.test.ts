import { integrationProviders } from '@shared/integrations';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, CATEGORY_FILTERS } from './catalogue';

describe('CATALOGUE', () => {
  it('offers every provider the server speaks to exactly once', () => {
    const wired = CATALOGUE.flatMap((entry) => (entry.provider ? [entry.provider] : []));
    expect([...wired].sort()).toEqual([...integrationProviders].sort());
  });
  it('gives each entry its own id and a category the filters know', () => {
    expect(new Set(CATALOGUE.map((entry) => entry.id)).size).toBe(CATALOGUE.length);
    const categories = CATEGORY_FILTERS.map((filter) => filter.value);
    for (const entry of CATALOGUE) expect(categories).toContain(entry.category);
  });
  it('lists Wordfence Intelligence as a wired security integration', () => {
    expect(CATALOGUE.find((entry) => entry.id === 'wordfence')).toMatchObject({
      name: 'Wordfence Intelligence',
      category: 'security',
      provider: 'wordfence',
    });
  });
});

import type { Site } from '@shared/sites';
import { describe, expect, it } from 'vitest';
import { isStaging } from './filter';

const site = (url: string): Pick<Site, 'url' | 'type'> => ({ url, type: null });
const sites = [site('alpha.example.com'), site('Beta.example.org'), site('staging.alpha.example.com')];

describe('isStaging', () => {
  it('prefers the internal website environment, else reads the url', () => {
    expect(isStaging(sites[2]!)).toBe(true);
    expect(isStaging(sites[0]!)).toBe(false);
    expect(isStaging(sites[0]!, { environment: 'staging' })).toBe(true);
  });
});

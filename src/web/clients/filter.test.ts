import { describe, expect, it } from 'vitest';
import { clientCount, initials, roleLine } from './filter';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  mary ann  evans ')).toBe('ME');
    expect(initials('cher')).toBe('C');
  });

  it('copes with empty names and non-Latin letters', () => {
    expect(initials('   ')).toBe('?');
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('😀 Smile')).toBe('😀S');
  });
});

describe('roleLine and clientCount', () => {
  it('joins job title and company', () => {
    expect(roleLine('CTO', 'Acme')).toBe('CTO at Acme');
    expect(roleLine(null, 'Acme')).toBe('Acme');
    expect(roleLine('CTO', null)).toBe('CTO');
    expect(roleLine(null, null)).toBeUndefined();
  });

  it('counts in the singular and plural', () => {
    expect(clientCount(1)).toBe('1 client');
    expect(clientCount(12)).toBe('12 clients');
  });
});

import { describe, expect, it } from 'vitest';
import { summariseChanges, targetLabel } from './summary';

describe('summariseChanges', () => {
  it('reads each field on one line, objects as JSON, nothing for no changes', () => {
    expect(summariseChanges({ name: 'Acme', enabled: false, tagIds: [1, 2], password: '[redacted]' })).toBe(
      'name: Acme, enabled: false, tagIds: [1,2], password: [redacted]',
    );
    expect(summariseChanges(null)).toBe('');
  });
});

describe('targetLabel', () => {
  it('names the target with its id when it has one', () => {
    expect(targetLabel('clients', '12')).toBe('clients #12');
    expect(targetLabel('integrations.gridpane', null)).toBe('integrations.gridpane');
  });
});

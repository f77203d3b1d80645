import { describe, expect, it } from 'vitest';
import { summariseChanges, targetLabel } from './summary';

describe('summariseChanges', () => {
  it('reads each field on one line: before → after, what was set, what was removed; nothing for no changes', () => {
    expect(
      summariseChanges({
        name: { before: 'Acme Ltd', after: 'Acme Inc' },
        enabled: { after: false },
        tagIds: { after: [1, 2] },
        notes: { before: null, after: 'VIP' },
        password: { after: '[redacted]' },
        email: { before: 'a@example.com' },
      }),
    ).toBe(
      'name: Acme Ltd → Acme Inc, enabled: false, tagIds: [1,2], notes: — → VIP, password: [redacted], email: a@example.com (removed)',
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

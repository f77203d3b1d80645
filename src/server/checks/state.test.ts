import { describe, expect, it } from 'vitest';
import { nextState } from './state';

describe('check state after a result (confirmations)', () => {
  it('opens an incident on the failure that reaches the confirmations, not before', () => {
    const one = nextState({ status: 'up', consecutiveFailures: 0 }, 3, false, false);
    expect(one).toEqual({ status: 'up', consecutiveFailures: 1, open: false, close: false });
    const two = nextState(one, 3, false, false);
    expect(two.open).toBe(false);
    expect(nextState(two, 3, false, false)).toEqual({
      status: 'down',
      consecutiveFailures: 3,
      open: true,
      close: false,
    });
  });

  it('one blip is no incident; the first success after an incident closes it', () => {
    expect(nextState({ status: 'up', consecutiveFailures: 1 }, 2, true, false)).toEqual({
      status: 'up',
      consecutiveFailures: 0,
      open: false,
      close: false,
    });
    expect(nextState({ status: 'down', consecutiveFailures: 7 }, 2, false, false)).toMatchObject({
      status: 'down',
      open: false,
    });
    expect(nextState({ status: 'down', consecutiveFailures: 7 }, 2, true, false)).toEqual({
      status: 'up',
      consecutiveFailures: 0,
      open: false,
      close: true,
    });
  });

  it('counts failures in maintenance without opening, and opens on the next failure after it', () => {
    const during = nextState({ status: 'up', consecutiveFailures: 4 }, 2, false, true);
    expect(during).toEqual({ status: 'up', consecutiveFailures: 5, open: false, close: false });
    expect(nextState(during, 2, false, false).open).toBe(true);
  });

  it('a new check failing stays pending until confirmed', () => {
    expect(nextState({ status: 'pending', consecutiveFailures: 0 }, 2, false, false).status).toBe('pending');
  });
});

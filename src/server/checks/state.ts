import type { CheckStatus } from '../../shared/checks';

export type CheckState = { status: Exclude<CheckStatus, 'paused'>; consecutiveFailures: number };

/**
 * What one result does to a check: a success makes it up (and ends its incident); failures count, and
 * the one that reaches the check's confirmations opens an incident (unless a maintenance window covers
 * it: then failures are only recorded). Failing but not yet confirmed keeps the status it had.
 */
export function nextState(
  prev: CheckState,
  confirmations: number,
  ok: boolean,
  inMaintenance: boolean,
): CheckState & { open: boolean; close: boolean } {
  if (ok) return { status: 'up', consecutiveFailures: 0, open: false, close: prev.status === 'down' };
  const consecutiveFailures = prev.consecutiveFailures + 1;
  if (prev.status === 'down') return { status: 'down', consecutiveFailures, open: false, close: false };
  if (consecutiveFailures >= confirmations && !inMaintenance) {
    return { status: 'down', consecutiveFailures, open: true, close: false };
  }
  return { status: prev.status, consecutiveFailures, open: false, close: false };
}

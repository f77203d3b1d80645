import type { IncidentEndReason } from '../../shared/incidents';
import type { IncidentRow } from '../db/schema';

export type { IncidentEndReason } from '../../shared/incidents';

/**
 * Only an end seen answering again is announced ("back up"). The others are quiet: the check or
 * monitor stopped being watched or counted (paused, deleted, removed, in maintenance), it did not come
 * back, and nobody is told it did.
 */
export const isQuietEnd = (reason: string | null): boolean => reason !== null && reason !== 'up';

/** How it ended, in a few words: what a quiet end adds to the incident's cause. */
export function endNote(source: IncidentRow['source'], reason: IncidentEndReason): string {
  const what = source === 'monitor' ? 'monitor' : 'check';
  switch (reason) {
    case 'up':
      return 'back up';
    case 'paused':
      return source === 'monitor' ? 'monitor paused at Better Uptime' : 'check paused';
    case 'check-deleted':
      return 'check deleted';
    case 'removed':
      return 'monitor removed at Better Uptime';
    case 'maintenance':
      return `${what} in maintenance`;
  }
}

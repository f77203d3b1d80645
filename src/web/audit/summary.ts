import type { AuditEntry } from '../../shared/audit';

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * An entry's changes on one line: "name: Acme Ltd → Acme Inc" for a field that changed, the new value
 * alone for one that was set ("status: active") and "(removed)" after what a deletion took away
 * (objects and lists as JSON).
 */
export function summariseChanges(changes: AuditEntry['changes']): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([key, { before, after }]) => {
      if (before === undefined) return `${key}: ${shown(after)}`;
      if (after === undefined) return `${key}: ${shown(before)} (removed)`;
      return `${key}: ${shown(before)} → ${shown(after)}`;
    })
    .join(', ');
}

/** A target as people read it: "clients #12", or the type alone when there is no id. */
export const targetLabel = (type: string, id: string | null) => (id ? `${type} #${id}` : type);

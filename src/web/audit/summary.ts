/** An entry's changes on one line: "name: Acme Ltd, status: active" (objects and lists as JSON). */
export function summariseChanges(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** A target as people read it: "clients #12", or the type alone when there is no id. */
export const targetLabel = (type: string, id: string | null) => (id ? `${type} #${id}` : type);

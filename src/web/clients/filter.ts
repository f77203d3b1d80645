import type { ClientStatus } from '@shared/clients';

export type StatusFilter = 'all' | ClientStatus;

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Clients' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'archived', label: 'Archived' },
];

export const STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  archived: 'Archived',
};

/** Up to two letters for the avatar: first and last word ("Ada Lovelace" → "AL", "cher" → "C"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** "Job Title at Company", or whichever of the two exists, or nothing. */
export function roleLine(jobTitle: string | null, company: string | null): string | undefined {
  if (jobTitle && company) return `${jobTitle} at ${company}`;
  return jobTitle || company || undefined;
}

export function clientCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'client' : 'clients'}`;
}

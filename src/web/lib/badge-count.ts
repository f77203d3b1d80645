/** The text of a count badge: nothing at 0 (or less), "99+" above 99. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  if (count > 99) return '99+';
  return String(Math.floor(count));
}

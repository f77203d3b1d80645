/**
 * How well a record matches a query, or 0 for no match: an exact title beats a title that starts with
 * the query, then a word of the title that does, then the query anywhere in the title, then in the
 * description. Case-insensitive; the query may match anywhere, inside a word too.
 */
export function rank(query: string, title: string, description: string): number {
  const q = query.toLowerCase();
  const t = title.toLowerCase();
  if (!q) return 1;
  if (t === q) return 100;
  if (t.startsWith(q)) return 80;
  if (t.split(/[\s.\-_/@]+/).some((w) => w.startsWith(q))) return 60;
  if (t.includes(q)) return 40;
  if (description.toLowerCase().includes(q)) return 20;
  return 0;
}

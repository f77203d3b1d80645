/**
 * Expected HTTP statuses: "200-299,301", "2xx", "200", or lists of those. The default is 2xx–3xx.
 * Parsed once when a check is saved (parseExpectedStatus tells the person what is wrong), matched on
 * every result.
 */
export type StatusRange = readonly [from: number, to: number];

export const DEFAULT_EXPECTED_STATUS: readonly StatusRange[] = [[200, 399]];

export type ParsedStatus = { ok: true; ranges: StatusRange[] } | { ok: false; message: string };

const PART = /^(?:([1-5])xx|(\d{3})(?:\s*-\s*(\d{3}))?)$/i;

export function parseExpectedStatus(text: string): ParsedStatus {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'Give at least one status code, e.g. 200-299' };
  if (parts.length > 20) return { ok: false, message: 'At most 20 status codes or ranges' };
  const ranges: StatusRange[] = [];
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match) {
      return {
        ok: false,
        message: `"${part.slice(0, 20)}" is not a status code, a range (200-299) or a class (2xx)`,
      };
    }
    const from = match[1] ? Number(match[1]) * 100 : Number(match[2]);
    const to = match[1] ? from + 99 : match[3] ? Number(match[3]) : from;
    if (from < 100 || to > 599) return { ok: false, message: `${part}: status codes run from 100 to 599` };
    if (from > to) return { ok: false, message: `${part}: the range must go from low to high` };
    ranges.push([from, to]);
  }
  return { ok: true, ranges };
}

export function matchesStatus(status: number, ranges: readonly StatusRange[]): boolean {
  return ranges.some(([from, to]) => status >= from && status <= to);
}

/** "2xx–3xx", "200–299, 301": how the expectation reads in "Expected 2xx–3xx, got 503". */
export function describeExpected(ranges: readonly StatusRange[]): string {
  return ranges.map(describeRange).join(', ');
}

function describeRange([from, to]: StatusRange): string {
  if (from === to) return String(from);
  if (from % 100 === 0 && to % 100 === 99) {
    const first = from / 100;
    const last = (to - 99) / 100;
    return first === last ? `${first}xx` : `${first}xx–${last}xx`;
  }
  return `${from}–${to}`;
}

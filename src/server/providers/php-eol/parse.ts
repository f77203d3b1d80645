import { z } from 'zod';
import { parseDay } from '../../../shared/dates';

/**
 * One PHP branch: `endOfLife` is the day its security support ends (or ended), or, when the feed names
 * no day, true (already ended) or false (still supported).
 */
export type PhpBranch = { branch: string; endOfLife: string | boolean; latest: string | null };

const BRANCH = /^\d{1,2}\.\d{1,2}$/;
const day = z
  .string()
  .trim()
  .refine((v) => parseDay(v) !== null);

/**
 * endoflife.date's product list: an array of `{ cycle, eol, latest, … }`. `cycle` is the branch ("8.3");
 * `eol` a day or a boolean. An entry that does not read so is skipped, not guessed at.
 */
const cycle = z.object({
  cycle: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(BRANCH)),
  eol: z.union([z.boolean(), day]),
  latest: z.string().trim().max(40).nullish().catch(null),
});

/**
 * The branches of the feed, newest first; null when the answer is not such a list or names no branch
 * we can read (a malformed answer never replaces good data). A branch listed twice keeps its first entry.
 */
export function parsePhpBranches(body: unknown): { branches: PhpBranch[]; skipped: number } | null {
  if (!Array.isArray(body)) return null;
  const seen = new Map<string, PhpBranch>();
  let skipped = 0;
  for (const item of body) {
    const parsed = cycle.safeParse(item);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const { cycle: branch, eol, latest } = parsed.data;
    if (!seen.has(branch)) seen.set(branch, { branch, endOfLife: eol, latest: latest ?? null });
  }
  if (seen.size === 0) return null;
  const branches = [...seen.values()].sort((a, b) => compareBranches(b.branch, a.branch));
  return { branches, skipped };
}

const compareBranches = (a: string, b: string) => {
  const [a1, a2] = a.split('.').map(Number);
  const [b1, b2] = b.split('.').map(Number);
  return a1! - b1! || a2! - b2!;
};

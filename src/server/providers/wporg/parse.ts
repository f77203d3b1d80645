import { z } from 'zod';

/** A WordPress release number as wordpress.org publishes them: "6.9" or "6.9.1", never a beta. */
export const RELEASE = /^\d{1,3}\.\d{1,3}(\.\d{1,3})?$/;

/**
 * `GET /core/version-check/1.7/`: `offers[0].current` is the latest release. Anything else in the
 * answer may change without breaking this; a missing or odd `current` is no answer at all.
 */
const versionCheck = z.object({
  offers: z.array(z.object({ current: z.string().trim().regex(RELEASE) })).min(1),
});

/** The latest release the version check names, or null when the answer is not a version check. */
export function parseLatestRelease(body: unknown): string | null {
  const parsed = versionCheck.safeParse(body);
  return parsed.success ? parsed.data.offers[0]!.current : null;
}

import { AppError } from '../errors';
import { ProviderError, type ProviderErrorKind } from '../outbound/provider-error';

/**
 * What a job hands back to whoever waits for it, possibly in another instance: its value, or an
 * expected failure (a provider error, an integration not configured) with everything the waiting page
 * needs to answer as if it had done the work itself. Expected failures are recorded where they belong
 * (the provider cache, the integration) and are not retried by the engine; anything else is thrown,
 * so the engine retries it with backoff.
 */
export type JobOutcome =
  | { ok: true; value: unknown }
  | {
      ok: false;
      error:
        | {
            type: 'provider';
            kind: ProviderErrorKind;
            message: string;
            status: number;
            provider?: string;
            upstreamStatus?: number;
            retryAfterSeconds?: number;
          }
        | { type: 'app'; status: number; code: string; message: string };
    };

export async function outcomeOf(work: () => Promise<unknown>): Promise<JobOutcome> {
  try {
    return { ok: true, value: (await work()) ?? null };
  } catch (err) {
    if (err instanceof ProviderError) {
      return {
        ok: false,
        error: {
          type: 'provider',
          kind: err.kind,
          message: err.message,
          status: err.status,
          provider: err.provider,
          upstreamStatus: err.upstreamStatus,
          retryAfterSeconds: err.retryAfterSeconds,
        },
      };
    }
    if (err instanceof AppError && err.status < 500) {
      return { ok: false, error: { type: 'app', status: err.status, code: err.code, message: err.message } };
    }
    throw err;
  }
}

/** The job's value, or its expected failure thrown again with its own type. */
export function rethrow<T>(outcome: JobOutcome | null): T {
  if (!outcome) return undefined as T;
  if (outcome.ok) return outcome.value as T;
  const e = outcome.error;
  if (e.type === 'provider') {
    const { kind, message, ...options } = e;
    throw new ProviderError(kind, message, options);
  }
  throw new AppError(e.status, e.code, e.message);
}

import type { ProviderError } from './provider-error';

/** A list read: `partial` when a later page failed (items so far are real); `skipped` items did not parse. */
export type ProviderList<T> = {
  items: T[];
  partial: boolean;
  skipped: number;
  error?: ProviderError;
};

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CacheMeta, pollWhileRefreshing, REFRESHING_POLL_MS, SyncStatus } from './sync-status';

afterEach(cleanup);

const meta: CacheMeta = {
  cached: true,
  syncedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  partial: false,
  error: null,
  refreshing: false,
};

describe('SyncStatus', () => {
  it('says a slow refresh carries on in the background, as a status rather than an error', () => {
    render(<SyncStatus meta={{ ...meta, refreshing: true }} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Still refreshing in the background/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the last sync failure as an alert, and no refreshing note when none runs', () => {
    render(<SyncStatus meta={{ ...meta, error: 'GridPane did not answer within 15 s' }} />);
    expect(screen.getByRole('alert').textContent).toBe('GridPane did not answer within 15 s');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('pollWhileRefreshing', () => {
  it('polls while the server says a sync runs, and falls back to the page’s own interval after', () => {
    const poll = pollWhileRefreshing(120_000);
    expect(poll({ state: { data: { ...meta, refreshing: true } } })).toBe(REFRESHING_POLL_MS);
    expect(poll({ state: { data: meta } })).toBe(120_000);
    expect(pollWhileRefreshing()({ state: { data: undefined } })).toBe(false);
  });
});

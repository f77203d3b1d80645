// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CacheMeta,
  pollWhileRefreshing,
  REFRESHING_POLL_MS,
  SyncStatus,
  syncingNote,
} from './sync-status';

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

  it('names whose sync it is when a page shows several', () => {
    const { container } = render(<SyncStatus meta={meta} source="Kinsta" />);
    expect(container.textContent).toBe('Kinsta last synced 5 min ago');
    cleanup();
    const never = render(<SyncStatus meta={{ ...meta, syncedAt: null }} source="GridPane" />);
    expect(never.container.textContent).toBe('GridPane never synced');
  });
});

describe('syncingNote', () => {
  const gridpane = { provider: 'GridPane', noun: 'site' };
  it('says how far a sync has read, of the total when the provider gives one', () => {
    expect(syncingNote(gridpane, { done: 4000, total: 20000 })).toBe(
      'Syncing GridPane… 4,000 of 20,000 sites',
    );
    expect(syncingNote({ provider: 'Better Uptime', noun: 'monitor' }, { done: 350, total: null })).toBe(
      'Syncing Better Uptime… 350 monitors read',
    );
    expect(syncingNote(gridpane, null)).toBe('Syncing GridPane…');
  });

  it('is the status a list shows while its sync runs', () => {
    render(
      <SyncStatus
        meta={{ ...meta, syncedAt: null, refreshing: true, progress: { done: 1, total: 1 } }}
        syncing={gridpane}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Syncing GridPane… 1 of 1 site');
    expect(screen.getByText('Never synced')).toBeTruthy();
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

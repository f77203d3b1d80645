// @vitest-environment jsdom
import type { Role } from '@shared/auth';
import type { UpdateRunPage as RunPage, UpdateRun } from '@shared/updates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { formatDateTime } from '@web/lib/format';
import { updateKeys } from '@web/lib/updates/api';
import { authKeys } from '@web/lib/use-auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { UpdateRunPage } from './update-run-page';
import { UpdatesPage } from './updates-page';

const counts = { sites: 3, pending: 0, running: 0, done: 1, rolledBack: 1, failed: 1, skipped: 0 };

const run: UpdateRun = {
  id: 7,
  status: 'done',
  title: 'contact-form-7 → 6.0.2',
  requestedBy: { id: 1, name: 'Ada' },
  createdAt: '2026-03-10T10:00:00.000Z',
  startsAt: '2026-03-10T10:00:00.000Z',
  startedAt: '2026-03-10T10:00:05.000Z',
  finishedAt: '2026-03-10T10:20:00.000Z',
  cancelRequestedAt: null,
  canary: false,
  concurrency: 3,
  counts,
  items: [{ type: 'plugin', slug: 'contact-form-7', targetVersion: '6.0.2' }],
  skipBackupIfNewerThanMinutes: null,
  sites: [
    {
      websiteId: 11,
      domain: 'ok.example',
      host: 'gridpane',
      status: 'done',
      reason: null,
      lastBackupAt: null,
      items: [{ type: 'plugin', slug: 'contact-form-7', from: '5.9', to: '6.0.2', result: 'updated' }],
      steps: [
        { step: 'backup', at: '2026-03-10T10:01:00.000Z', result: 'ok', detail: 'Backup taken' },
        { step: 'update', at: '2026-03-10T10:02:00.000Z', result: 'ok', detail: null },
      ],
    },
    {
      websiteId: 12,
      domain: 'broken.example',
      host: 'kinsta',
      status: 'failed',
      reason: 'The host refused the update',
      lastBackupAt: '2026-03-09T22:00:00.000Z',
      items: [{ type: 'plugin', slug: 'contact-form-7', from: '5.9', to: '6.0.2', result: 'failed' }],
      steps: [{ step: 'update', at: '2026-03-10T10:03:00.000Z', result: 'failed', detail: 'HTTP 500' }],
    },
    {
      websiteId: 13,
      domain: 'back.example',
      host: 'gridpane',
      status: 'rolled-back',
      reason: 'The home page answered 500 after the update',
      lastBackupAt: null,
      items: [{ type: 'core', slug: null, from: '6.4', to: '6.5', result: 'rolled-back' }],
      steps: [],
    },
  ],
};

const listPage: RunPage = {
  data: [{ ...run, status: 'running', counts: { ...counts, running: 1, done: 0 } }],
  page: 1,
  pageSize: 25,
  total: 1,
  overall: 1,
};

beforeEach(() => {
  // The pages follow runs under way: every request answers with the data already in the cache.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => new Response(JSON.stringify(path.includes('/runs/') ? run : listPage))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, data: { run?: UpdateRun; role?: Role } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(authKeys.me, {
    id: 1,
    username: 'someone',
    email: 'someone@agency.test',
    role: data.role ?? 'staff',
  });
  client.setQueryData(updateKeys.runs(1), listPage);
  if (data.run) client.setQueryData(updateKeys.run(data.run.id), data.run);
  const { hook } = memoryLocation({ path });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Router hook={hook}>
          <Route path="/updates" component={UpdatesPage} />
          <Route path="/updates/:id" component={UpdateRunPage} />
        </Router>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('UpdatesPage', () => {
  it('lists each run with a link to it, its status and its sites by outcome', () => {
    renderAt('/updates');
    const link = screen.getByRole('link', { name: 'contact-form-7 → 6.0.2' });
    expect(link.getAttribute('href')).toBe('/updates/7');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(within(row).getByText('Ada')).toBeTruthy();
    expect(within(row).getByText(formatDateTime(run.startedAt as string))).toBeTruthy();
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(2, 6)).toEqual(['0', '1', '1', '0']);
  });
});

describe('UpdateRunPage', () => {
  it('sums the run up and shows each site with its items, reason and steps', () => {
    renderAt('/updates/7', { run });
    expect(screen.getByText('1 of 3 sites updated · 1 rolled back · 1 failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ok.example' }).getAttribute('href')).toBe(
      '/websites/internal/11',
    );
    expect(screen.getByText('The host refused the update')).toBeTruthy();
    expect(screen.getByText('Backup taken')).toBeTruthy();
    expect(screen.getByText('WordPress')).toBeTruthy();
    // A failed site points to its pre-update backup; the others do not.
    const restore = screen.getByRole('link', { name: "the website's page" });
    expect(restore.getAttribute('href')).toBe('/websites/internal/12');
    expect(screen.getAllByText(/Restore its pre-update backup/)).toHaveLength(1);
    // A finished run cannot be cancelled.
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('offers Cancel run while the run is under way, to Staff and up', () => {
    renderAt('/updates/7', { run: { ...run, status: 'running' } });
    expect((screen.getByRole('button', { name: 'Cancel run' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    renderAt('/updates/7', { run: { ...run, status: 'running' }, role: 'viewer' });
    expect((screen.getByRole('button', { name: 'Cancel run' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a run that does not exist was not found', () => {
    renderAt('/updates/abc');
    expect(screen.getByText('This update run does not exist, or you cannot see it')).toBeTruthy();
  });
});

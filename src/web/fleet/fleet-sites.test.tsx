// @vitest-environment jsdom
import type { Role } from '@shared/auth';
import type { FleetSite } from '@shared/fleet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toaster';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { authKeys } from '@web/lib/use-auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { stubResizeObserver } from '../../../test/support/dom';
import { fleetKeys } from '../lib/fleet/api';
import type { FleetParams } from '../lib/fleet/use-fleet-params';
import { FleetSites } from './fleet-sites';

const site = (websiteId: number, domain: string): FleetSite => ({
  websiteId,
  domain,
  client: null,
  serverLabel: null,
  phpVersion: '8.2',
  wordpressVersion: '6.4.3',
  health: { state: 'up', source: 'check', since: null },
});

type Call = { path: string; method: string; body: unknown };

const planned = (websiteId: number, domain: string) => ({
  websiteId,
  domain,
  host: 'gridpane',
  status: 'pending',
  reason: null,
  items: [{ type: 'core', slug: null, from: '6.4.3', to: '6.4.7' }],
  lastBackupAt: null,
});
const plan = {
  sites: [planned(11, 'a.example'), planned(12, 'b.example'), planned(13, 'c.example')],
  pending: 3,
  skipped: 0,
};
let calls: Call[];
let idsAnswer: () => Response;

beforeEach(() => {
  stubResizeObserver();
  calls = [];
  idsAnswer = () => new Response(JSON.stringify({ ids: [11, 12, 13], total: 3 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path.startsWith('/api/fleet/sites/ids')) return idsAnswer();
      if (path === '/api/updates/plan') return new Response(JSON.stringify(plan));
      if (path === '/api/updates/runs') return new Response(JSON.stringify({ id: 9 }));
      return new Response('{}');
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSites(params: FleetParams, role: Role = 'staff') {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(authKeys.me, { id: 1, username: 'someone', email: 'someone@agency.test', role });
  // The page on screen shows only two of the three sites: the run is for all three.
  client.setQueryData(fleetKeys.sites(params), {
    data: [site(11, 'a.example'), site(12, 'b.example')],
    total: 3,
    page: 1,
    pageSize: 2,
  });
  const location = memoryLocation({ path: '/fleet', record: true });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Router hook={location.hook}>
          <FleetSites params={params} set={() => undefined} />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return location;
}

const updateButton = () => screen.getByRole('button', { name: 'Update WordPress' }) as HTMLButtonElement;

describe('Update WordPress in the fleet view', () => {
  it('updates every site on the picked version, each within its branch, to Staff and up', async () => {
    const location = renderSites({ wordpress: '6.4.3', clientId: 4, page: 1 });
    fireEvent.click(updateButton());
    const dialog = await screen.findByRole('dialog', { name: 'Update WordPress on 3 sites' });
    expect(calls[0]).toMatchObject({
      path: '/api/fleet/sites/ids?clientId=4&wordpress=6.4.3',
      method: 'GET',
    });
    expect(dialog.textContent).toContain('a major release is never chosen from here');
    expect(dialog.textContent).toContain('6.4.3 → the newest release in its branch');
    // Several sites: one may go first.
    expect(within(dialog).getByLabelText(/Update one site first/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review plan' }));
    expect(await within(dialog).findByText('3 sites will be updated')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'What is updated on c.example' }).textContent).toBe(
      'WordPress 6.4.3 → 6.4.7',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start update' }));
    await waitFor(() => expect(location.history).toContain('/updates/9'));
    const body = { items: [{ type: 'core' }], websiteIds: [11, 12, 13], canary: true };
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { path: '/api/updates/plan', method: 'POST', body },
      { path: '/api/updates/runs', method: 'POST', body },
    ]);
  });

  it('says why when the sites cannot be listed, and opens nothing', async () => {
    idsAnswer = () => new Response(JSON.stringify({ message: 'The database is busy' }), { status: 503 });
    renderSites({ wordpress: '6.4.3', page: 1 });
    fireEvent.click(updateButton());
    expect(await screen.findByText('Could not list the sites to update')).toBeTruthy();
    expect(screen.getByText('The database is busy')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(updateButton().disabled).toBe(false));
  });

  it('is disabled below Staff, and absent for an unknown version or a PHP branch', () => {
    renderSites({ wordpress: '6.4.3', page: 1 }, 'viewer');
    expect(updateButton().disabled).toBe(true);
    cleanup();
    renderSites({ wordpress: 'unknown', page: 1 });
    expect(screen.queryByRole('button', { name: 'Update WordPress' })).toBeNull();
    cleanup();
    renderSites({ php: '7.4', page: 1 });
    expect(screen.queryByRole('button', { name: 'Update WordPress' })).toBeNull();
  });
});

// @vitest-environment jsdom
import type { PlannedUpdateSite, UpdateRunPlan } from '@shared/updates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { stubResizeObserver } from '../../../../test/support/dom';
import { type UpdateChoice, UpdateDialog } from './update-dialog';

type Call = { path: string; method: string; body: unknown };
let calls: Call[];
let plan: UpdateRunPlan;

const HOUR = 3_600_000;

const site = (
  websiteId: number,
  domain: string,
  more: Partial<PlannedUpdateSite> = {},
): PlannedUpdateSite => ({
  websiteId,
  domain,
  host: 'gridpane',
  status: 'pending',
  reason: null,
  items: [],
  lastBackupAt: null,
  ...more,
});

const choices: UpdateChoice[] = [
  { type: 'plugin', slug: 'contact-form-7', name: 'Contact Form 7', to: null },
  { type: 'core', slug: null, name: 'WordPress', to: null },
];

beforeEach(() => {
  stubResizeObserver();
  calls = [];
  plan = {
    sites: [
      site(11, 'shop.example', {
        items: [
          { type: 'plugin', slug: 'contact-form-7', from: '5.9', to: '6.0.2' },
          { type: 'core', slug: null, from: '6.8.1', to: '6.8.3' },
        ],
        lastBackupAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      }),
      site(12, 'blog.example', {
        items: [{ type: 'plugin', slug: 'contact-form-7', from: '5.8', to: '6.0.2' }],
      }),
      site(13, 'down.example', {
        status: 'skipped',
        reason: 'The site is down: it is updated only once it is back up',
      }),
    ],
    pending: 2,
    skipped: 1,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path === '/api/updates/plan') return new Response(JSON.stringify(plan));
      if (path === '/api/updates/runs') return new Response(JSON.stringify({ id: 9 }), { status: 201 });
      return new Response('{}');
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/websites', record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <UpdateDialog
          open
          onOpenChange={() => undefined}
          title="Update 3 sites"
          description="Each site is backed up first."
          choices={choices}
          websiteIds={[11, 12, 13]}
          offerCanary
        />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Update 3 sites' }), location };
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

/** Step 1 as it opens, then "Review plan": the plan's step once the server answered. */
async function reviewPlan(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Review plan' }));
  await within(dialog).findByRole('heading', { name: 'Plan' });
}

/** "2030-01-02T03:04": what a datetime-local input holds, on this machine's clock. */
function localInput(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

describe('the update dialog', () => {
  it('shows the plan first: each site with its items from → to and its backup, the left out with why', async () => {
    const { dialog, location } = renderDialog();
    // Only the plugin, and one site first.
    fireEvent.click(within(dialog).getByLabelText(/WordPress/));
    await reviewPlan(dialog);
    const body = {
      items: [{ type: 'plugin', slug: 'contact-form-7' }],
      websiteIds: [11, 12, 13],
      canary: true,
    };
    expect(posts('/api/updates/plan')).toEqual([{ path: '/api/updates/plan', method: 'POST', body }]);
    expect(posts('/api/updates/runs')).toEqual([]);
    // The step's buttons were replaced: the focus is on the plan.
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Plan' }));

    expect(within(dialog).getByText('2 sites will be updated, 1 left out')).toBeTruthy();
    const toUpdate = within(dialog).getByRole('list', { name: 'Sites to update' });
    expect(within(toUpdate).getByRole('list', { name: 'What is updated on shop.example' }).textContent).toBe(
      'Contact Form 7 5.9 → 6.0.2WordPress 6.8.1 → 6.8.3',
    );
    expect(toUpdate.textContent).toContain('Last backup 3 h ago');
    expect(within(toUpdate).getByRole('list', { name: 'What is updated on blog.example' }).textContent).toBe(
      'Contact Form 7 5.8 → 6.0.2',
    );
    expect(toUpdate.textContent).toContain('No backup known');
    // The left out, folded under their count, each with its reason.
    const leftOut = within(dialog).getByText('1 left out').closest('details')!;
    expect(leftOut.open).toBe(false);
    expect(within(leftOut).getByRole('list', { hidden: true, name: 'Sites left out' }).textContent).toBe(
      'down.example: The site is down: it is updated only once it is back up',
    );

    // Back keeps what was chosen, and returns the focus to "Review plan".
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Review plan' })),
    );
    expect(
      (within(dialog).getByLabelText(/WordPress/) as HTMLButtonElement).getAttribute('aria-checked'),
    ).toBe('false');
    expect(
      within(dialog)
        .getByLabelText(/Update one site first/)
        .getAttribute('aria-checked'),
    ).toBe('true');
    await reviewPlan(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start update' }));
    await waitFor(() => expect(location.history).toContain('/updates/9'));
    expect(posts('/api/updates/runs')).toEqual([{ path: '/api/updates/runs', method: 'POST', body }]);
  });

  it('schedules the run for later with its start time, and refuses a time already gone', async () => {
    const { dialog, location } = renderDialog();
    await reviewPlan(dialog);
    expect(within(dialog).getByRole('radio', { name: 'Now' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Later' }));
    const schedule = within(dialog).getByRole('button', { name: 'Schedule update' });

    fireEvent.click(schedule);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose when it starts');
    const time = within(dialog).getByLabelText('Start time');
    fireEvent.change(time, { target: { value: localInput(new Date(Date.now() - 2 * HOUR)) } });
    fireEvent.click(schedule);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That time has passed: choose a time still to come',
    );
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(posts('/api/updates/runs')).toEqual([]);

    const later = localInput(new Date(Date.now() + 26 * HOUR));
    fireEvent.change(time, { target: { value: later } });
    fireEvent.click(schedule);
    await waitFor(() => expect(location.history).toContain('/updates/9'));
    expect(posts('/api/updates/runs')).toEqual([
      {
        path: '/api/updates/runs',
        method: 'POST',
        body: {
          items: [{ type: 'plugin', slug: 'contact-form-7' }, { type: 'core' }],
          websiteIds: [11, 12, 13],
          canary: true,
          startsAt: new Date(later).toISOString(),
        },
      },
    ]);
    expect(await screen.findByText('Update scheduled')).toBeTruthy();
  });

  it('with nothing to update, shows why and starts nothing', async () => {
    plan = {
      sites: [
        site(11, 'shop.example', {
          status: 'skipped',
          reason: 'Nothing to update: no update of contact-form-7 is offered (at 6.0.2)',
        }),
        site(12, 'blog.example', { status: 'skipped', reason: 'In a maintenance window someone opened' }),
      ],
      pending: 0,
      skipped: 2,
    };
    const { dialog } = renderDialog();
    await reviewPlan(dialog);
    expect(within(dialog).getByText('No site will be updated, 2 left out')).toBeTruthy();
    const leftOut = within(dialog).getByText('2 left out').closest('details')!;
    expect(leftOut.open).toBe(true);
    expect(within(leftOut).getByRole('list', { name: 'Sites left out' }).textContent).toContain(
      'blog.example: In a maintenance window someone opened',
    );
    expect(within(dialog).queryByRole('list', { name: 'Sites to update' })).toBeNull();
    const start = within(dialog).getByRole('button', { name: 'Start update' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.submit(start.closest('form')!);
    expect(posts('/api/updates/runs')).toEqual([]);
  });
});

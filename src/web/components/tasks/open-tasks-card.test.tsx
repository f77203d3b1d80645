// @vitest-environment jsdom
import type { Task } from '@shared/tasks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { setTimeSettings } from '@web/lib/format';
import { authKeys } from '@web/lib/use-auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskKeys } from '../../lib/tasks/api';
import { OpenTasksCard } from './open-tasks-card';

afterEach(cleanup);
beforeEach(() => setTimeSettings({ timeZone: 'Europe/London', locale: 'en-GB' }));

const task: Task = {
  id: 42,
  title: 'Update plugins on the shop before the sale',
  description: null,
  status: 'todo',
  priority: 'medium',
  assignee: null,
  client: null,
  website: { id: 13, name: 'shop.example' },
  project: null,
  dueDate: '2026-11-30',
  estimatedHours: null,
  timeSpentHours: 0,
  tags: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function renderCard() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(authKeys.me, {
    id: 1,
    username: 'someone',
    email: 'someone@agency.test',
    role: 'staff',
  });
  client.setQueryData([...taskKeys.all, { websiteId: '13' }], { rows: [task], open: 1 });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <OpenTasksCard about={{ websiteId: 13 }} empty="No open tasks for this website." />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('OpenTasksCard', () => {
  it('writes the due date as a day ("30 Nov 2026"), never the raw ISO date', () => {
    renderCard();
    const row = within(screen.getByRole('list', { name: 'Open tasks' })).getAllByRole('listitem')[0];
    expect(row?.textContent).toContain('due 30 Nov 2026');
    expect(row?.textContent).not.toContain('2026-11-30');
  });

  it('lets a long title wrap instead of cutting it off', () => {
    renderCard();
    const row = within(screen.getByRole('list', { name: 'Open tasks' })).getAllByRole('listitem')[0];
    expect(row?.className).toContain('flex-wrap');
    expect(row?.querySelector('.truncate')).toBeNull();
  });

  it('opens the task in the task dialog when its title is clicked', () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: task.title }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Task' });
    expect((within(dialog).getByLabelText(/title/i) as HTMLInputElement).value).toBe(task.title);
  });
});

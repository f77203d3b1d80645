// @vitest-environment jsdom
import type { Role } from '@shared/auth';
import type { Check } from '@shared/checks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { authKeys } from '@web/lib/use-auth';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckActions } from './check-actions';

afterEach(cleanup);

const check = { id: 7, name: 'Shop', status: 'up', url: 'https://shop.test' } as unknown as Check;

const renderAs = (role: Role) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(authKeys.me, { id: 1, username: 'someone', email: 'someone@agency.test', role });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <CheckActions check={check} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
};

const gateOf = (name: string | RegExp) =>
  screen.getByRole('button', { name }).closest('[data-needs-role]')?.getAttribute('data-needs-role');

describe('CheckActions', () => {
  it('shows a Viewer every action disabled, each with the role the server asks for', () => {
    renderAs('viewer');
    for (const name of ['Edit', 'Pause', 'Maintenance']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
      expect(gateOf(name)).toBe('staff');
    }
    expect(gateOf('Delete the check Shop')).toBe('admin');
    expect(screen.getAllByText('Needs the Staff role or higher')).toHaveLength(3);
    expect(screen.getByText('Needs the Admin role or higher')).toBeTruthy();
  });

  it('lets Staff change and silence the check, but keeps deleting it for an Admin', () => {
    renderAs('staff');
    for (const name of ['Edit', 'Pause', 'Maintenance']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
      expect(gateOf(name)).toBeUndefined();
    }
    expect(gateOf('Delete the check Shop')).toBe('admin');
  });

  it('leaves an Admin every action', () => {
    renderAs('admin');
    expect(document.querySelector('[data-needs-role]')).toBeNull();
  });
});

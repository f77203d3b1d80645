// @vitest-environment jsdom
import type { Client } from '@shared/clients';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientsTable } from './clients-table';

afterEach(cleanup);

const client = (over: Partial<Client>): Client => ({
  id: 1,
  name: 'Ada Lovelace',
  jobTitle: null,
  company: 'Analytical Engines',
  email: 'ada@engines.test',
  phone: null,
  notes: null,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tags: [],
  websites: { total: 0, down: 0 },
  ...over,
});

const cell = (row: Element, column: string) => row.querySelector(`[data-column="${column}"]`);

describe('ClientsTable', () => {
  it('shows company, contact, websites, those down and tags, in the order given', () => {
    const { container } = render(
      <ClientsTable
        clients={[
          client({
            id: 7,
            websites: { total: 3, down: 2 },
            tags: [{ id: 1, name: 'VIP', color: '#ff0000' }],
          }),
          client({ id: 8, name: 'Bob', company: null, email: null }),
        ]}
        sorting={{ sort: 'company', onSort: () => undefined }}
      />,
    );
    const [first, second] = container.querySelectorAll('tbody tr');
    expect(cell(first!, 'company')?.textContent).toBe('Analytical Engines');
    expect(cell(first!, 'contact')?.textContent).toBe('Ada Lovelaceada@engines.test');
    expect(cell(first!, 'websites')?.querySelector('a')?.getAttribute('href')).toBe('/websites?client=7');
    const down = cell(first!, 'down')?.querySelector('a');
    expect(down?.textContent).toBe('2');
    expect(down?.getAttribute('href')).toBe('/websites?client=7&health=down');
    expect(down?.getAttribute('aria-label')).toBe('2 websites of Ada Lovelace down');
    expect(cell(first!, 'tags')?.textContent).toBe('VIP');
    // Nothing to link to: plain zeros, a dash for no company, "No email".
    expect(cell(second!, 'company')?.textContent).toBe('—');
    expect(cell(second!, 'contact')?.textContent).toBe('BobNo email');
    expect(cell(second!, 'websites')?.querySelector('a')).toBeNull();
    expect(cell(second!, 'down')?.textContent).toBe('0');
    expect(cell(second!, 'down')?.querySelector('a')).toBeNull();
  });

  it('marks the sorted column and asks for the other direction on a click', () => {
    const onSort = vi.fn();
    render(<ClientsTable clients={[client({})]} sorting={{ sort: 'company', onSort }} />);
    expect(screen.getByRole('columnheader', { name: /Company/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Contact/ }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Company/ }));
    expect(onSort).toHaveBeenCalledWith('-company');
    fireEvent.click(screen.getByRole('button', { name: /Contact/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });
});

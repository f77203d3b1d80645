// @vitest-environment jsdom
import type { Incident } from '@shared/incidents';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IncidentItem } from './incident-item';

afterEach(cleanup);

const incident = (over: Partial<Incident>): Incident => ({
  id: 1,
  source: 'monitor',
  status: 'open',
  title: 'bayandanchor.com is down',
  cause: null,
  checkId: null,
  monitorId: '7',
  websiteId: 13,
  domain: 'bayandanchor.com',
  serverId: null,
  parentId: null,
  children: 0,
  clientId: null,
  clientName: null,
  startedAt: '2026-11-28T09:38:00.000Z',
  endedAt: null,
  endReason: null,
  durationSeconds: 60,
  failures: [],
  ...over,
});

const show = (i: Incident) =>
  render(
    <ul>
      <IncidentItem incident={i} />
    </ul>,
  );

describe('IncidentItem', () => {
  it("links the site it names to the website's page", () => {
    show(incident({}));
    const link = screen.getByRole('link', { name: 'bayandanchor.com' });
    expect(link.getAttribute('href')).toBe('/websites/internal/13');
    expect(link.parentElement?.textContent).toBe('bayandanchor.com is down');
  });

  it('keeps the link in the past tense once resolved', () => {
    show(incident({ status: 'resolved', endedAt: '2026-11-28T10:00:00.000Z', endReason: 'up' }));
    expect(screen.getByRole('link', { name: 'bayandanchor.com' }).parentElement?.textContent).toBe(
      'bayandanchor.com was down',
    );
  });

  it('leaves the title as text when the incident belongs to no website', () => {
    show(incident({ websiteId: null }));
    expect(screen.queryByRole('link', { name: 'bayandanchor.com' })).toBeNull();
    expect(screen.getByText('bayandanchor.com is down')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { HEALTH_LABELS, HEALTH_STATES, type Health } from '@shared/website-health';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_STYLES, HealthBadge, HealthDot, HealthStateBadge } from './health-badge';

afterEach(cleanup);

const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();

describe('HealthBadge', () => {
  it('shows the state, where it comes from and since when', () => {
    const health: Health = { state: 'down', source: 'check', since: threeHoursAgo };
    const { container } = render(<HealthBadge health={health} />);
    expect(container.querySelector('[data-health="down"]')?.textContent).toBe('Down');
    expect(container.querySelector('[data-health-source="check"]')?.textContent).toBe(
      'Our check · since 3 h ago',
    );
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(threeHoursAgo);
    expect(time?.getAttribute('title')).toBeTruthy();
  });

  it('names Better Uptime as the source, and leaves "since" out when it is not known', () => {
    render(<HealthBadge health={{ state: 'up', source: 'betteruptime', since: null }} />);
    expect(screen.getByText('Up')).toBeTruthy();
    expect(screen.getByText('Better Uptime')).toBeTruthy();
    expect(screen.queryByText(/since/)).toBeNull();
  });

  it('says "Not monitored" and nothing more for a website nobody watches', () => {
    const { container } = render(
      <HealthBadge health={{ state: 'unmonitored', source: null, since: null }} />,
    );
    expect(container.textContent).toBe('Not monitored');
    expect(container.querySelector('[data-health-source]')).toBeNull();
  });

  it('links the source when asked, and can leave "since" out', () => {
    render(
      <HealthBadge
        health={{ state: 'maintenance', source: 'check', since: threeHoursAgo }}
        sourceHref="/uptime/checks/7"
        since={false}
      />,
    );
    expect(screen.getByRole('link', { name: 'Our check' }).getAttribute('href')).toBe('/uptime/checks/7');
    expect(screen.queryByText(/since/)).toBeNull();
  });
});

describe('HealthStateBadge and HealthDot', () => {
  it('word every state with the shared label and give each its own colour', () => {
    for (const state of HEALTH_STATES) {
      const { container, unmount } = render(
        <>
          <HealthStateBadge state={state} />
          <HealthDot state={state} />
        </>,
      );
      const [badge, dot] = container.querySelectorAll(`[data-health="${state}"]`);
      expect(badge?.textContent).toBe(HEALTH_LABELS[state]);
      expect(dot?.textContent).toBe(HEALTH_LABELS[state]);
      unmount();
    }
    const colours = HEALTH_STATES.map((s) => HEALTH_STYLES[s].badge);
    expect(new Set(colours).size).toBe(HEALTH_STATES.length);
    expect(HEALTH_STYLES.up.badge).toMatch(/emerald/);
    expect(HEALTH_STYLES.down.badge).toMatch(/red/);
  });
});

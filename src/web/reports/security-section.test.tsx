// @vitest-environment jsdom
import type { ReportSecurity } from '@shared/reports';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SecuritySection } from './security-section';

afterEach(cleanup);

const security = (over: Partial<ReportSecurity>): ReportSecurity => ({
  status: 'measured',
  reason: null,
  measuredFrom: '2026-11-01T00:00:00.000Z',
  measuredPartly: false,
  open: [],
  fixed: [],
  ...over,
});
const software = { type: 'plugin' as const, slug: 'woocommerce', name: 'WooCommerce' };

describe("a site's security in the report", () => {
  it('counts what is open by severity, with the version that fixes it, and dates what was fixed', () => {
    render(
      <SecuritySection
        timeZone="UTC"
        security={security({
          measuredPartly: true,
          measuredFrom: '2026-11-28T09:00:00.000Z',
          open: [
            {
              vulnerabilityId: 'a',
              title: 'WordPress Core <= 6.5.4 - RCE',
              severity: 'critical',
              software: { type: 'core', slug: 'wordpress', name: 'WordPress' },
              installedVersion: '6.5.3',
              patchedVersion: '6.5.5',
              reference: 'https://example.test/a',
              openedAt: '2026-11-28T09:00:00.000Z',
            },
          ],
          fixed: [
            {
              vulnerabilityId: 'b',
              title: 'WooCommerce <= 9.3.3 - XSS',
              severity: 'medium',
              software,
              installedVersion: '9.3.3',
              closedVersion: '9.3.4',
              fixedAt: '2026-11-29T10:00:00.000Z',
              reference: 'https://example.test/b',
            },
          ],
        })}
      />,
    );
    const section = screen.getByRole('region', { name: 'Security' });
    expect(section.textContent).toContain('Recorded since 28 Nov 2026.');
    expect(section.textContent).toContain("Open at the period's end (1)1 Critical");
    expect(section.textContent).toContain('WordPress 6.5.3 → 6.5.5');
    expect(section.textContent).toContain('Fixed 29 Nov 2026 · WooCommerce 9.3.3 → 9.3.4');
    expect(within(section).getByRole('link', { name: /WooCommerce <= 9\.3\.3/ })).toHaveProperty(
      'href',
      'https://example.test/b',
    );
  });

  it('says "Not checked" or "No data", never zero findings', () => {
    const { rerender } = render(
      <SecuritySection
        timeZone="UTC"
        security={security({
          status: 'not-checked',
          reason: 'HD Snapshot has not been read on this site yet',
        })}
      />,
    );
    const text = () => screen.getByRole('region', { name: 'Security' }).textContent;
    expect(text()).toBe('SecurityNot checked: HD Snapshot has not been read on this site yet.');
    rerender(
      <SecuritySection timeZone="UTC" security={security({ status: 'not-measured', measuredFrom: null })} />,
    );
    expect(text()).toBe('SecurityNo data: security findings were not yet recorded in this period.');
    rerender(<SecuritySection timeZone="UTC" security={security({})} />);
    expect(text()).toContain("No open vulnerabilities at the period's end.");
    expect(text()).toContain('No vulnerabilities fixed in the period.');
  });
});

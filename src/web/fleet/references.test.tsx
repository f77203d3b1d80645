// @vitest-environment jsdom
import type { FleetReferences } from '@shared/fleet';
import { cleanup, render, screen } from '@testing-library/react';
import { setTimeSettings } from '@web/lib/format';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PhpReference, ReferencesWarning, WordPressReference } from './references';

afterEach(cleanup);
// Written in British English here; the browser's language decides on screen.
beforeAll(() => setTimeSettings({ locale: 'en-GB' }));
afterAll(() => setTimeSettings({}));

const HOUR = 3_600_000;
const now = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

const live = (readAt: string): FleetReferences => ({
  wordpress: {
    latest: '6.9.1',
    source: 'wordpress.org',
    liveSource: 'wordpress.org',
    readAt,
    url: 'https://wordpress.org/download/releases/',
    seenOnSite: false,
    error: null,
  },
  php: {
    source: 'endoflife.date',
    liveSource: 'endoflife.date',
    readAt,
    url: 'https://endoflife.date/php',
    operatorBranches: [],
    error: null,
  },
});

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the fleet’s references', () => {
  it('say where each comes from and how long ago it was read', () => {
    const refs = live(ago(3 * HOUR));
    render(
      <>
        <WordPressReference references={refs} now={now} />
        <PhpReference references={refs} now={now} />
        <ReferencesWarning references={refs} now={now} />
      </>,
    );
    expect(text('wordpress-reference')).toBe('Latest WordPress 6.9.1 — wordpress.org, read 3 h ago');
    expect(text('php-reference')).toBe('End-of-life dates — endoflife.date, read 3 h ago');
    expect(screen.getByRole('link', { name: 'wordpress.org' }).getAttribute('href')).toBe(
      'https://wordpress.org/download/releases/',
    );
    // Read today: nothing to warn about.
    expect(screen.queryByTestId('references-warning')).toBeNull();
  });

  it('warn when the references were last read more than 7 days ago, with the last failure', () => {
    const refs = live(ago(9 * 24 * HOUR));
    refs.wordpress.error = { message: 'wordpress.org failed (HTTP 500)', at: ago(2 * HOUR) };
    render(
      <>
        <WordPressReference references={refs} now={now} />
        <ReferencesWarning references={refs} now={now} />
      </>,
    );
    expect(text('wordpress-reference')).toBe(
      'Latest WordPress 6.9.1 — wordpress.org, read 9 days ago' +
        'Reading wordpress.org failed 2 h ago: wordpress.org failed (HTTP 500)',
    );
    const warning = text('references-warning');
    expect(warning).toContain(
      'Last read from wordpress.org 9 days ago: a newer WordPress release than 6.9.1 may be out.',
    );
    expect(warning).toContain('Last read from endoflife.date 9 days ago');
  });

  it('does not warn at exactly 7 days', () => {
    render(<ReferencesWarning references={live(ago(7 * 24 * HOUR))} now={now} />);
    expect(screen.queryByTestId('references-warning')).toBeNull();
  });

  it('warn when the built-in table is in force: nothing was read from wordpress.org yet', () => {
    const refs = live(ago(HOUR));
    refs.wordpress = {
      ...refs.wordpress,
      latest: '6.9',
      source: 'built-in table',
      readAt: '2025-12-02T00:00:00.000Z',
    };
    render(
      <>
        <WordPressReference references={refs} now={now} />
        <ReferencesWarning references={refs} now={now} />
      </>,
    );
    expect(text('wordpress-reference')).toBe('Latest WordPress 6.9 — built-in table, as of 2 Dec 2025');
    expect(text('references-warning')).toMatch(
      /^Not read from wordpress\.org yet: the latest WordPress release \(6\.9\) comes from the table built into Agency Hub/,
    );
    expect(text('references-warning')).not.toContain('endoflife.date');
  });

  it('name the operator’s setting, which carries no age and no warning', () => {
    const refs = live(ago(HOUR));
    refs.wordpress = {
      ...refs.wordpress,
      latest: '7.1',
      source: 'operator setting',
      readAt: null,
      url: null,
    };
    refs.php.operatorBranches = ['8.1', '8.2'];
    render(
      <>
        <WordPressReference references={refs} now={now} />
        <PhpReference references={refs} now={now} />
        <ReferencesWarning references={refs} now={now} />
      </>,
    );
    expect(text('wordpress-reference')).toBe('Latest WordPress 7.1 — set by this installation');
    expect(text('php-reference')).toBe(
      'End-of-life dates — endoflife.date, read 1 h ago; PHP 8.1, 8.2 set by this installation',
    );
    expect(screen.queryByTestId('references-warning')).toBeNull();
  });
});

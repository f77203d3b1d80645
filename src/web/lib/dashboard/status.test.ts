import { setTimeSettings } from '@web/lib/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayLabel, formatDay, manageLink, monitorStatus, siteStatus } from './status';

// Written in British English here; the browser's language decides on screen.
beforeAll(() => setTimeSettings({ locale: 'en-GB' }));
afterAll(() => setTimeSettings({}));

describe('siteStatus', () => {
  it('names the four site statuses and an unmonitored site', () => {
    expect(siteStatus('online').label).toBe('Online');
    expect(siteStatus('offline')).toEqual({ label: 'Offline', tone: 'red' });
    expect(siteStatus('warning').label).toBe('Warning');
    expect(siteStatus('maintenance').label).toBe('Maintenance');
    expect(siteStatus(null)).toEqual({ label: 'Not monitored', tone: 'grey' });
  });
});

describe('monitorStatus', () => {
  it('maps provider statuses, unknown ones to Unknown', () => {
    expect(monitorStatus('up').label).toBe('Online');
    expect(monitorStatus('down').tone).toBe('red');
    expect(monitorStatus('paused').label).toBe('Paused');
    expect(monitorStatus('validating').label).toBe('Unknown');
  });
});

describe('manageLink', () => {
  it('prefers the internal website, else the provider site', () => {
    expect(manageLink({ websiteId: 7, siteId: 42 })).toBe('/websites/internal/7');
    expect(manageLink({ websiteId: null, siteId: 42 })).toBe('/websites/42');
  });
});

describe('dayLabel', () => {
  it('reads "Mon 3 Nov: 99.95% (Online)"', () => {
    expect(dayLabel({ day: '2025-11-03', status: 'up', uptime: 99.95 })).toBe('Mon 3 Nov: 99.95% (Online)');
    expect(dayLabel({ day: '2025-11-04', status: 'down', uptime: 87.5 })).toBe('Tue 4 Nov: 87.50% (Offline)');
    expect(dayLabel({ day: '2025-11-05', status: 'degraded', uptime: null })).toBe('Wed 5 Nov: (Degraded)');
  });

  it('says when a day has no data', () => {
    expect(dayLabel({ day: '2025-11-03', status: null, uptime: null })).toBe('Mon 3 Nov: No data');
  });

  it('keeps the calendar date whatever the time zone, and echoes unreadable days', () => {
    expect(formatDay('2025-01-01')).toBe('Wed 1 Jan');
    expect(formatDay('not-a-day')).toBe('not-a-day');
  });
});

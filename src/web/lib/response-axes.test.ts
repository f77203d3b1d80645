// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeSettings } from './format';
import { chartDate, timeTickLabels } from './response-axes';

afterEach(() => setTimeSettings({}));

const at = (iso: string) => Date.parse(iso) / 1000;

describe('timeTickLabels', () => {
  it('writes ticks on the agency clock, 24-hour, the day under the first and each new day', () => {
    setTimeSettings({ timeZone: 'Europe/London', locale: 'en-GB' });
    const ticks = [
      '2026-11-28T09:38:00Z',
      '2026-11-28T15:00:00Z',
      '2026-11-29T00:00:00Z',
      '2026-11-29T06:00:00Z',
    ];
    expect(timeTickLabels(ticks.map(at), 6 * 3600)).toEqual([
      '09:38\nSat 28 Nov',
      '15:00',
      '00:00\nSun 29 Nov',
      '06:00',
    ]);
  });

  it("follows the agency's time zone, not the browser's", () => {
    setTimeSettings({ timeZone: 'America/New_York', locale: 'en-GB' });
    expect(timeTickLabels([at('2026-11-28T09:38:00Z')], 3600)).toEqual(['04:38\nSat 28 Nov']);
  });

  it('names only the day when ticks are a day or more apart', () => {
    setTimeSettings({ timeZone: 'Europe/London', locale: 'en-GB' });
    expect(timeTickLabels([at('2026-11-28T00:00:00Z'), at('2026-11-29T00:00:00Z')], 86_400)).toEqual([
      'Sat 28 Nov',
      'Sun 29 Nov',
    ]);
  });

  it('never writes the browser default ("11/28/26 9:38am")', () => {
    setTimeSettings({ timeZone: 'UTC', locale: 'en-US' });
    const [label] = timeTickLabels([at('2026-11-28T09:38:00Z')], 60);
    expect(label).toMatch(/^09:38\n/);
    expect(label).not.toMatch(/am|pm|\//i);
  });
});

describe('chartDate', () => {
  it("places ticks by the agency's clock, by this device's until the settings arrive", () => {
    const zones: string[] = [];
    const tzDate = (d: Date, zone: string) => {
      zones.push(zone);
      return d;
    };
    chartDate(tzDate)(0);
    expect(zones).toEqual([]);
    setTimeSettings({ timeZone: 'Asia/Kolkata', locale: 'en-GB' });
    expect(chartDate(tzDate)(at('2026-11-28T00:00:00Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(zones).toEqual(['Asia/Kolkata']);
  });
});

import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../core/outbound/retry';
import { errorDetail, fromHttpStatus } from './errors';
import { monitorDomain, parseMonitor, parseResponseTimes, parseSla } from './parse';

describe('Better Uptime parsing', () => {
  it('reads `errors` as a string, an object map, or nothing', () => {
    expect(errorDetail({ errors: 'Resource with provided ID was not found' })).toBe(
      'Resource with provided ID was not found',
    );
    expect(errorDetail({ errors: { name: ["Can't be blank."], url: 'is invalid' } })).toBe(
      "name Can't be blank.; url is invalid",
    );
    expect(errorDetail({ errors: 'x'.repeat(500) })!.length).toBeLessThanOrEqual(160);
    expect(errorDetail({ errors: '\u0000\n ' })).toBeNull();
    expect(errorDetail(null)).toBeNull();
    expect(fromHttpStatus(403, { errors: 'nope' }).message).toBe(
      'Better Uptime rejected the API token (HTTP 403)',
    );
  });

  it('accepts a numeric id as a string and fills gaps instead of dropping the monitor', () => {
    const monitor = parseMonitor({
      id: 42,
      attributes: {
        url: 'https://a.com',
        status: 'validating',
        check_frequency: 'often',
        regions: ['us', 7],
      },
    });
    expect(monitor).toEqual({
      id: '42',
      attributes: {
        url: 'https://a.com',
        pronounceable_name: 'https://a.com',
        monitor_type: 'status',
        status: 'validating',
        check_frequency: null,
        last_checked_at: null,
        paused_at: null,
        created_at: null,
        regions: ['us'],
      },
    });
    expect(parseMonitor({ id: '', attributes: {} })).toBeNull();
    expect(parseMonitor({ id: '1' })).toBeNull();
  });

  it('reads SLA figures and rejects a body without availability', () => {
    const body = (attributes: object) => ({ data: { id: '1', type: 'monitor_sla', attributes } });
    expect(
      parseSla(
        body({
          availability: 99.98,
          total_downtime: 600,
          number_of_incidents: 3,
          longest_incident: 300,
          average_incident: 200,
        }),
      ),
    ).toEqual({
      availability: 99.98,
      total_downtime: 600,
      number_of_incidents: 3,
      longest_incident: 300,
      average_incident: 200,
    });
    expect(
      parseSla(
        body({
          availability: 100,
          total_downtime: 0,
          number_of_incidents: 0,
          longest_incident: null,
          average_incident: null,
        }),
      ),
    ).toMatchObject({ longest_incident: 0 });
    expect(parseSla(body({ total_downtime: 0 }))).toBeNull();
  });

  it('converts response times from seconds to ms, dropping bad points, null average when empty', () => {
    const times = parseResponseTimes({
      data: {
        attributes: {
          regions: [
            {
              region: 'us',
              response_times: [
                { at: 't1', response_time: 0.4126 },
                { at: 't2', response_time: 'slow' },
              ],
            },
            { region: 'eu', response_times: [{ at: 't3', response_time: 0.15 }] },
            { nope: true },
          ],
        },
      },
    });
    expect(times).toEqual({
      regions: [
        { region: 'us', points: [{ at: 't1', ms: 413 }] },
        { region: 'eu', points: [{ at: 't3', ms: 150 }] },
      ],
      averageMs: 282,
    });
    expect(parseResponseTimes({ data: { attributes: { regions: [] } } })).toEqual({
      regions: [],
      averageMs: null,
    });
    expect(parseResponseTimes({ data: {} })).toBeNull();
  });

  it('normalises monitor URLs to the bare domain GridPane uses', () => {
    expect(monitorDomain('https://www.Example.com/')).toBe('example.com');
    expect(monitorDomain('https://staging.example.com/path')).toBe('staging.example.com');
    expect(monitorDomain('mail.example.com')).toBe('mail.example.com');
    expect(monitorDomain('https://')).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const clock = { now: () => new Date('2025-01-01T00:00:00Z') };
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), clock)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' }), clock)).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), clock)).toBeNull();
    expect(retryAfterMs(new Headers(), clock)).toBeNull();
  });
});

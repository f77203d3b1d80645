import { describe, expect, it } from 'vitest';
import { healthParam, sortParam, websiteListQuery, websitesPageSize } from './filter';

describe('the Websites list in the address', () => {
  it('reads an old link’s monitor filter as the health it stands for; health wins when both are there', () => {
    expect(healthParam({ monitor: 'up' })).toBe('up');
    expect(healthParam({ monitor: 'down' })).toBe('down');
    expect(healthParam({ monitor: 'paused' })).toBe('paused');
    expect(healthParam({ monitor: 'none' })).toBe('unmonitored');
    expect(healthParam({ health: 'maintenance', monitor: 'up' })).toBe('maintenance');
    expect(healthParam({ monitor: 'sideways' })).toBeUndefined();
    expect(healthParam({ health: 'sideways' })).toBeUndefined();
  });

  it('keeps only the sorts the list knows, either way round', () => {
    expect(sortParam({ sort: 'health' })).toBe('health');
    expect(sortParam({ sort: '-php' })).toBe('-php');
    expect(sortParam({ sort: 'uptime' })).toBeUndefined();
    expect(sortParam({})).toBeUndefined();
  });

  it('asks the server (and the CSV export) for exactly the view: search, filters and sort', () => {
    expect(
      websiteListQuery({
        page: 3,
        q: 'shop',
        server: '12',
        tag: '4',
        status: 'error',
        monitor: 'none',
        client: '9',
        host: 'kinsta',
        sort: '-health',
        pageSize: '20',
      }),
    ).toEqual({
      q: 'shop',
      serverId: '12',
      tagId: '4',
      status: 'error',
      health: 'unmonitored',
      clientId: '9',
      host: 'kinsta',
      sort: '-health',
    });
    expect(websiteListQuery({ page: 1, status: 'broken' }).status).toBeUndefined();
    expect(websiteListQuery({ page: 1, host: 'siteground' }).host).toBeUndefined();
  });

  it('pages by 50 unless the address asks for 10 to 200', () => {
    expect(websitesPageSize({})).toBe(50);
    expect(websitesPageSize({ pageSize: '10' })).toBe(10);
    expect(websitesPageSize({ pageSize: '5000' })).toBe(50);
  });
});

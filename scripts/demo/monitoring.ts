import type { FakeTargets } from '../../test/fakes/targets';
import type { apiClient } from './seed';

type Api = ReturnType<typeof apiClient>;

/**
 * Our own checks in the demo, so incidents, alerts and maintenance show within two minutes: a dozen
 * of the agency's websites checked every 30 s against local target pages (most up, one down from
 * the start, one slow, one flapping), one https site whose certificate expires in 10 days, an email
 * alert channel (to the demo's mail catcher), and a maintenance window on the slow site.
 */
export async function seedMonitoring(api: Api, targets: FakeTargets): Promise<void> {
  const websites = await api.call<{ id: number; domain: string }[]>('GET', '/api/websites');
  const picked = websites.slice(0, 12);
  const behaviour = (i: number) =>
    i === 0 ? '/down' : i === 1 ? '/slow?ms=2500' : i === 2 ? '/flap?period=90000' : '/up';
  await api.call('POST', '/api/alerts/channels', {
    kind: 'email',
    name: 'On call',
    email: 'oncall@demo-agency.test',
  });
  let slow = 0;
  for (const [i, site] of picked.entries()) {
    targets.setSite(site.domain, behaviour(i));
    const check = await api.call<{ id: number }>('POST', '/api/checks', {
      name: site.domain,
      url: `${targets.url}/site/${site.domain}`,
      intervalSeconds: 30,
      timeoutSeconds: 5,
      websiteId: site.id,
    });
    if (i === 1) slow = check.id;
  }
  if (targets.https) {
    await api.call('POST', '/api/checks', {
      name: 'secure shop (certificate ends in 10 days)',
      url: `${targets.https.url}/up`,
      intervalSeconds: 60,
    });
  }
  await api.call('POST', '/api/maintenance', {
    checkIds: [slow],
    durationMinutes: 60,
    reason: 'Theme update (demo)',
  });
}

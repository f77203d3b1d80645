import { sql } from 'drizzle-orm';
import { formatDateTime, type TimeOptions, zoneNote } from '../../shared/time';
import { dispatchAlert } from '../alerts';
import { withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { BACKUP_ALERTS_JOB } from './jobs';
import { thresholdHoursSql } from './store';
import { backupStateSql, stateMomentOf } from './views';

const hoursOf = thresholdHoursSql(sql`b.threshold_hours`);

/** More newly overdue sites than this in one run are one alert listing them (a host connected at last). */
const ONE_BY_ONE = 10;

type Overdue = { website_id: number; domain: string; last_backup_at: string | null; hours: number };

const lineOf = (w: Overdue, time: TimeOptions) =>
  `${w.domain}: ${w.last_backup_at ? `last backup ${formatDateTime(w.last_backup_at, time)}${zoneNote(time)}` : 'no backup listed'}`;

/**
 * Tells the alert channels (routed like incidents, by the clients' tags) of each website whose host
 * lists no backup younger than the threshold, once, and again when a backup has landed. A website its
 * host was never read for says nothing (not known is not an alert, nor safe: the Backups page shows
 * it). Safe on several instances: a website is alerted by whichever run marks it.
 */
export async function alertOverdueBackups(
  services: Services,
): Promise<{ overdue: number; recovered: number }> {
  return withTransaction(services, async (ctx) => {
    const now = ctx.clock.now();
    const state = backupStateSql(stateMomentOf(now));
    const overdue = await rows<Overdue>(
      ctx.db,
      sql`update website_backup_status b set overdue_alerted_at = ${now.toISOString()}::timestamptz
        from websites w
        where w.id = b.website_id and not w.removed and b.overdue_alerted_at is null
          and ${state} in ('old', 'never')
        returning b.website_id, w.domain, b.last_backup_at, ${hoursOf} as hours`,
    );
    const recovered = await rows<Overdue>(
      ctx.db,
      sql`update website_backup_status b set overdue_alerted_at = null
        from websites w
        where w.id = b.website_id and b.overdue_alerted_at is not null and ${state} = 'recent'
        returning b.website_id, w.domain, b.last_backup_at, ${hoursOf} as hours`,
    );
    const thresholds = new Set(overdue.map((w) => Number(w.hours)));
    const within = thresholds.size === 1 ? `younger than ${[...thresholds][0]} h` : 'within their thresholds';
    const time = await agencyTime(ctx);
    const line = (w: Overdue) => lineOf(w, time);
    if (overdue.length > ONE_BY_ONE) {
      await dispatchAlert(
        ctx,
        {
          event: 'backup_overdue',
          key: `backup-overdue:${now.toISOString()}`,
          title: `${overdue.length} websites have no backup ${within}`,
          body: overdue.map(line).join('\n'),
          link: '/backups?state=old',
          action: 'backup.overdue',
        },
        { websiteIds: overdue.map((w) => w.website_id) },
      );
    } else {
      for (const w of overdue)
        await dispatchAlert(
          ctx,
          {
            event: 'backup_overdue',
            key: `backup-overdue:${w.website_id}:${now.toISOString()}`,
            title: w.last_backup_at
              ? `${w.domain}: no backup for over ${w.hours} h`
              : `${w.domain}: its host lists no backup`,
            body: line(w),
            link: `/websites/internal/${w.website_id}`,
            action: 'backup.overdue',
          },
          { websiteIds: [w.website_id] },
        );
    }
    for (const w of recovered)
      await dispatchAlert(
        ctx,
        {
          event: 'backup_recovered',
          key: `backup-recovered:${w.website_id}:${now.toISOString()}`,
          title: `${w.domain}: backed up again`,
          body: line(w),
          link: `/websites/internal/${w.website_id}`,
          action: 'backup.recovered',
        },
        { websiteIds: [w.website_id] },
      );
    return { overdue: overdue.length, recovered: recovered.length };
  });
}

/** Every ten minutes, once across instances: backups age by the clock as much as by a read. */
export const backupAlertsJob = (services: Services): JobSpec => ({
  name: BACKUP_ALERTS_JOB.name,
  policy: 'stately',
  retryLimit: 3,
  cron: '*/10 * * * *',
  run: () => alertOverdueBackups(services),
});

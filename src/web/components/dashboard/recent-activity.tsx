import type { ActivityItem } from '@shared/activity';
import { Moment } from '@web/components/moment';
import { SectionQuery } from '@web/components/section-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { formatFlapping } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { CircleCheck, History, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { type ActivityAbout, useActivity, useRecentActivity } from '../../lib/dashboard/api';

const typeIcons: Record<ActivityItem['type'], [LucideIcon, string]> = {
  info: [Info, 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'],
  success: [CircleCheck, 'bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300'],
  warning: [TriangleAlert, 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300'],
};

/** The last 8 entries of the activity log: staff actions and detected events. */
export function RecentActivity() {
  const activity = useRecentActivity();
  const items = activity.data?.data ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="grid gap-3" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-10 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : activity.isError ? (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(activity.error, 'Could not load the activity')}
          </p>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <History className="size-8 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">No activity yet</p>
          </div>
        ) : (
          <ol aria-label="Recent activity" className="grid gap-3">
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The recent activity of a client or a website, on its page. */
export function ActivityCard({
  about,
  label,
  empty,
}: {
  about: ActivityAbout;
  label: string;
  empty: string;
}) {
  const activity = useActivity(about);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Recent activity</CardTitle>
      </CardHeader>
      <CardContent>
        <SectionQuery query={activity} loading="Loading activity..." failed="Could not load the activity">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ol aria-label={label} className="grid gap-3">
                {data.map((item) => (
                  <ActivityRow key={item.id} item={item} />
                ))}
              </ol>
            )
          }
        </SectionQuery>
      </CardContent>
    </Card>
  );
}

export function ActivityRow({ item }: { item: ActivityItem }) {
  const [Icon, tone] = typeIcons[item.type];
  const flapping = formatFlapping(item);
  return (
    <li className="flex items-start gap-3">
      <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{item.type}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">
          {item.link ? (
            <Link href={item.link} className="hover:underline">
              {item.message}
            </Link>
          ) : (
            item.message
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {flapping && <span className="text-amber-700 dark:text-amber-300">{flapping} · </span>}
          <Moment at={item.createdAt} />
          {item.actor && <> · {item.actor.username}</>}
        </p>
      </div>
    </li>
  );
}

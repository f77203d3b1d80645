import {
  UPDATE_RUN_STATUS_LABELS,
  UPDATE_SITE_STATUS_LABELS,
  type UpdateRunStatus,
  type UpdateSiteStatus,
} from '@shared/updates';
import { StatusPill } from '@web/components/status-pill';
import { Spinner } from '@web/components/ui/spinner';
import { RUN_STATUS_TONES, SITE_STATUS_TONES, siteUnderWay } from './summary';

/** A run's status; a running one turns a spinner beside it. */
export function RunStatusPill({ status }: { status: UpdateRunStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {status === 'running' && <Spinner className="size-3.5 text-blue-700 dark:text-blue-300" />}
      <StatusPill label={UPDATE_RUN_STATUS_LABELS[status]} tone={RUN_STATUS_TONES[status]} />
    </span>
  );
}

/** A site's status in its run: done green, rolled back amber, failed red, under way blue with a spinner. */
export function SiteStatusPill({ status }: { status: UpdateSiteStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {siteUnderWay(status) && <Spinner className="size-3.5 text-blue-700 dark:text-blue-300" />}
      <StatusPill label={UPDATE_SITE_STATUS_LABELS[status]} tone={SITE_STATUS_TONES[status]} />
    </span>
  );
}

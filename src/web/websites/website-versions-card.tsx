import { VERSION_SOURCE_LABELS, type VersionReading, type WebsiteDetail } from '@shared/websites';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatAgo, formatDateTime } from '@web/lib/format';
import { Boxes, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';

/** "8.3.14 · HD Snapshot, read 3 min ago" (the full time on hover); "not read" when never. */
function Reading({ reading, now }: { reading: VersionReading; now: number }) {
  return (
    <div className="grid justify-items-end gap-0.5">
      <span className="font-medium tabular-nums">{reading.version}</span>
      <span className="text-xs text-muted-foreground">
        {VERSION_SOURCE_LABELS[reading.source]}
        {reading.readAt ? (
          <>
            , read{' '}
            <time dateTime={reading.readAt} title={formatDateTime(reading.readAt)}>
              {formatAgo(reading.readAt, now)}
            </time>
          </>
        ) : (
          ', no longer listed'
        )}
      </span>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="grid min-w-0 justify-items-end gap-2 text-right">{children}</dd>
    </div>
  );
}

const notKnown = <span className="text-muted-foreground">Not known</span>;

/**
 * The website's WordPress and PHP as each source gave them, named and dated: what WordPress itself
 * reports (the HD Snapshot plugin) and what the host says it runs can differ, so both are shown. When
 * the plugin's last answer failed, why.
 */
export function WebsiteVersionsCard({ website, now = Date.now() }: { website: WebsiteDetail; now?: number }) {
  const { wordpress, php, snapshot } = website.versions;
  return (
    <Card className="min-w-0" data-testid="website-versions">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Boxes className="size-4 text-muted-foreground" aria-hidden="true" />
          WordPress &amp; PHP
        </CardTitle>
        <CardDescription>
          Each version with where and when it was read.{' '}
          <Link href="/fleet" className="text-primary-text underline underline-offset-2">
            Compare with the fleet
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-3 text-sm">
          <Row label="WordPress">{wordpress ? <Reading reading={wordpress} now={now} /> : notKnown}</Row>
          <Row label="PHP">
            {php.length === 0 ? notKnown : php.map((r) => <Reading key={r.source} reading={r} now={now} />)}
          </Row>
        </dl>
        {snapshot && !snapshot.ok && (
          <p className="flex items-start gap-2 text-sm text-destructive-text dark:text-red-300">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              HD Snapshot did not answer
              {snapshot.attemptedAt && (
                <>
                  {' '}
                  <time dateTime={snapshot.attemptedAt} title={formatDateTime(snapshot.attemptedAt)}>
                    {formatAgo(snapshot.attemptedAt, now)}
                  </time>
                </>
              )}
              {snapshot.error ? `: ${snapshot.error}` : '.'}
            </span>
          </p>
        )}
        {!wordpress && !snapshot && (
          <p className="text-sm text-muted-foreground">
            WordPress reports its versions through the HD Snapshot plugin; none has been read for this site
            yet.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

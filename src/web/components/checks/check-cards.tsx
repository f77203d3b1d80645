import type { Check, CheckDetail } from '@shared/checks';
import { InfoCard } from '@web/components/info-list';
import { MeasuredUptime, SPAN_MS, UPTIME_SPANS } from '@web/components/measured-uptime';
import { formatDateTime, formatRelativeTime, formatResponseTime, orDash } from '@web/lib/format';
import { Activity, Globe, ShieldCheck } from 'lucide-react';

export function UptimeCard({ uptime }: { uptime: CheckDetail['uptime'] }) {
  return (
    <InfoCard
      title="Uptime"
      icon={Activity}
      items={UPTIME_SPANS.map(([key, label]) => ({
        label,
        value: (
          <MeasuredUptime
            percent={uptime[key]}
            measuredFrom={uptime.measuredFrom[key]}
            spanMs={SPAN_MS[key]}
          />
        ),
      }))}
    />
  );
}

export function LastResultCard({ check }: { check: Check }) {
  return (
    <InfoCard
      title="Last result"
      icon={Activity}
      items={[
        {
          label: 'Checked',
          value: check.lastCheckedAt ? (
            <time dateTime={check.lastCheckedAt} title={formatDateTime(check.lastCheckedAt)}>
              {formatRelativeTime(check.lastCheckedAt)}
            </time>
          ) : (
            'Not yet'
          ),
        },
        { label: 'HTTP status', value: orDash(check.lastStatusCode) },
        { label: 'Response time', value: formatResponseTime(check.lastResponseMs) },
        { label: 'Problem', value: check.lastError ?? 'None' },
      ]}
    />
  );
}

const inDays = (days: number) =>
  days < 0 ? 'expired' : days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;

export function ExpiryCard({ check }: { check: Check }) {
  const cert = check.certificate;
  const domain = check.domainExpiry;
  return (
    <InfoCard
      title="Certificate and domain"
      icon={cert ? ShieldCheck : Globe}
      items={[
        {
          label: 'Certificate expires',
          value: cert ? (
            <span className={cert.daysLeft <= 14 ? 'text-destructive-text' : undefined}>
              {formatDateTime(cert.validTo)} ({inDays(cert.daysLeft)})
            </span>
          ) : check.url.startsWith('https:') ? (
            'Not read yet'
          ) : (
            'No certificate (http)'
          ),
        },
        { label: 'Issuer', value: orDash(cert?.issuer) },
        {
          label: domain ? `Domain ${domain.domain}` : 'Domain',
          value: !domain
            ? 'Not a registered domain'
            : domain.state === 'known' && domain.expiresAt && domain.daysLeft !== null
              ? `Expires ${formatDateTime(domain.expiresAt)} (${inDays(domain.daysLeft)})`
              : domain.state === 'pending'
                ? 'Not looked up yet'
                : `Unknown${domain.reason ? `: ${domain.reason}` : ''}`,
        },
      ]}
    />
  );
}

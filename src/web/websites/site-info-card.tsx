import type { Site } from '@shared/sites';
import { InfoCard } from '@web/components/info-list';
import { orDash } from '@web/lib/format';
import { Globe } from 'lucide-react';
import { Link } from 'wouter';

const link = 'text-primary hover:underline';

/** The Site Info card of the site detail page: the hosting provider's record of the site. */
export function SiteInfoCard({ site }: { site: Site }) {
  return (
    <InfoCard
      title="Site Info"
      icon={Globe}
      items={[
        { label: 'URL', value: site.url },
        { label: 'Site ID', value: site.id },
        {
          label: 'Server ID',
          value:
            site.server_id === null ? (
              '—'
            ) : (
              <Link href={`/servers/${site.server_id}`} className={link}>
                {site.server_id}
                {site.server_label && ` (${site.server_label})`}
              </Link>
            ),
        },
        { label: 'PHP Version', value: orDash(site.php_version) },
        {
          label: 'SSL',
          value: site.is_ssl ? `Enabled${site.ssl_status ? ` (${site.ssl_status})` : ''}` : 'Disabled',
        },
        { label: 'Caching', value: orDash(site.nginx_caching) },
        {
          label: 'Internal Website',
          value:
            site.website_id === null ? (
              '—'
            ) : (
              <Link href={`/websites/internal/${site.website_id}`} className={link}>
                Tags and details
              </Link>
            ),
        },
      ]}
    />
  );
}

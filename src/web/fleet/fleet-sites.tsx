import { ListPager } from '@web/components/list-pager';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { X } from 'lucide-react';
import { Link } from 'wouter';
import { FLEET_PAGE_SIZE, useFleetSites } from '../lib/fleet/api';
import type { FleetParams } from '../lib/fleet/use-fleet-params';
import { UpdateWordPressButton } from './update-wordpress-button';

/** The sites behind the count the user picked, a page at a time. */
export function FleetSites({
  params,
  set,
}: {
  params: FleetParams;
  set: (patch: Partial<FleetParams>) => void;
}) {
  const sites = useFleetSites(params);
  const what = params.php
    ? params.php === 'unknown'
      ? 'PHP not reported yet'
      : `PHP ${params.php}`
    : params.wordpress === 'unknown'
      ? 'WordPress not reported yet'
      : `WordPress ${params.wordpress}`;
  return (
    <Card id="fleet-sites">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">
          Sites on {what}
          {sites.data && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {sites.data.total.toLocaleString('en-US')}
            </span>
          )}
        </CardTitle>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {/* Only a known version can be updated: a site whose version is not reported has no branch. */}
          {params.wordpress && params.wordpress !== 'unknown' && (
            <UpdateWordPressButton params={params} version={params.wordpress} />
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => set({ php: undefined, wordpress: undefined, page: 1 })}
          >
            <X aria-hidden="true" />
            Close
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SectionQuery query={sites} loading="Loading sites..." failed="Could not load the sites">
          {({ data, total }) => (
            <>
              <div className="relative -mx-6 overflow-x-auto px-6">
                <table className="w-full min-w-[36rem] text-sm">
                  <caption className="sr-only">Sites on {what}</caption>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr className="border-b">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Website
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Client
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Server
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        PHP
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        WordPress
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((s) => (
                      <tr key={s.websiteId} className="border-b last:border-0">
                        <td className="max-w-56 truncate py-2 pr-3">
                          <Link
                            href={`/websites/internal/${s.websiteId}`}
                            className="font-medium hover:underline"
                          >
                            {s.domain}
                          </Link>
                        </td>
                        <td className="max-w-40 truncate py-2 pr-3">
                          {s.client ? (
                            <Link href={`/clients/${s.client.id}`} className="hover:underline">
                              {s.client.name}
                            </Link>
                          ) : (
                            <span className="text-muted-foreground">No client</span>
                          )}
                        </td>
                        <td className="max-w-40 truncate py-2 pr-3">{s.serverLabel ?? '—'}</td>
                        <td className="py-2 pr-3">{s.phpVersion ?? '—'}</td>
                        <td className="py-2">{s.wordpressVersion ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListPager
                page={params.page}
                total={total}
                pageSize={FLEET_PAGE_SIZE}
                onPage={(page) => set({ page })}
              />
            </>
          )}
        </SectionQuery>
      </CardContent>
    </Card>
  );
}

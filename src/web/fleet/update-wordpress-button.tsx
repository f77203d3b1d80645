import type { FleetSiteIds } from '@shared/fleet';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { UpdateDialog } from '@web/components/updates/update-dialog';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { ArrowUpCircle } from 'lucide-react';
import { useState } from 'react';
import { fetchFleetSiteIds } from '../lib/fleet/api';
import type { FleetParams } from '../lib/fleet/use-fleet-params';

/**
 * "Update WordPress" (Staff and up) for the sites on one WordPress version: their ids are read when the
 * button is pressed, so the run covers every site behind the count (not only the page shown), and each
 * site moves to the newest release of its own branch.
 */
export function UpdateWordPressButton({ params, version }: { params: FleetParams; version: string }) {
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<FleetSiteIds | null>(null);
  const [open, setOpen] = useState(false);

  const start = async () => {
    setLoading(true);
    try {
      const found = await fetchFleetSiteIds(params);
      if (found.ids.length === 0) {
        toast({
          title: `No site runs WordPress ${version} now`,
          description: 'Their versions changed since the list was read.',
        });
        return;
      }
      setPicked(found);
      setOpen(true);
    } catch (error) {
      toast({
        title: 'Could not list the sites to update',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  };

  const ids = picked?.ids ?? [];
  const total = picked?.total ?? 0;
  return (
    <>
      <RoleGate need="staff">
        <Button variant="outline" size="sm" onClick={start} disabled={loading}>
          {loading ? <Spinner /> : <ArrowUpCircle aria-hidden="true" />}
          Update WordPress
        </Button>
      </RoleGate>
      <UpdateDialog
        open={open}
        onOpenChange={setOpen}
        title={`Update WordPress on ${formatCount(ids.length, 'site')}`}
        description={
          'Each site moves to the newest release in its branch; a major release is never chosen from ' +
          'here. Sites already at it are left out, each with the reason.' +
          (total > ids.length
            ? ` These are the first ${ids.length.toLocaleString('en-US')} of ${formatCount(total, 'site')} by domain, the most one run takes.`
            : '')
        }
        choices={[{ type: 'core', slug: null, name: 'WordPress', from: version, to: null }]}
        websiteIds={ids}
        offerCanary={ids.length > 1}
      />
    </>
  );
}

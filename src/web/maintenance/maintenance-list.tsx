import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { type MaintenanceFilter, useEndMaintenance, useMaintenance } from './api';
import { MaintenanceDialog, type MaintenanceTargets } from './maintenance-dialog';

/** Windows that are on or coming, with "End now", and a button to start one. */
export function MaintenanceList({
  filter,
  targets,
  label,
}: {
  filter: MaintenanceFilter;
  targets: MaintenanceTargets;
  label: string;
}) {
  const windows = useMaintenance(filter);
  const end = useEndMaintenance();
  const [open, setOpen] = useState(false);
  const list = windows.data?.data ?? [];
  const onEnd = async (id: number) => {
    try {
      await end.mutateAsync(id);
      toast({ title: 'Maintenance ended' });
    } catch (error) {
      toast({
        title: 'Failed to end maintenance',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="text-base">Maintenance windows</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Wrench aria-hidden="true" />
          Start maintenance
        </Button>
      </CardHeader>
      <CardContent>
        {windows.isPending ? (
          <LoadingState text="Loading maintenance windows..." />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            None planned. Start one before planned work, so nobody is woken for it.
          </p>
        ) : (
          <ul className="grid gap-3">
            {list.map((w) => (
              <li
                key={w.id}
                className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0 last:pb-0"
              >
                <div className="text-sm">
                  <p className="font-medium">
                    {w.state === 'active'
                      ? `On until ${formatDateTime(w.currentEndsAt!)}`
                      : `From ${formatDateTime(w.nextStartsAt!)}, ${w.durationMinutes} min`}
                    {w.repeat === 'weekly' ? ' · every week' : ''}
                  </p>
                  {w.reason && <p className="text-muted-foreground">{w.reason}</p>}
                </div>
                <Button variant="ghost" size="sm" onClick={() => onEnd(w.id)} disabled={end.isPending}>
                  {w.state === 'active' ? 'End now' : 'Cancel'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <MaintenanceDialog open={open} onOpenChange={setOpen} targets={targets} label={label} />
    </Card>
  );
}

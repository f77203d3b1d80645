import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Plus } from 'lucide-react';
import { CATALOGUE } from './catalogue';

const wired = CATALOGUE.filter((entry) => entry.provider).map((entry) => entry.name);
const planned = CATALOGUE.filter((entry) => !entry.provider).map((entry) => entry.name);

/** The "Add New Integration" card: says honestly what can be connected today and how to ask for more. */
export function AddIntegrationCard() {
  return (
    <Card className="flex border-dashed">
      <CardContent className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <Plus className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <h3 className="font-semibold">Add New Integration</h3>
        <p className="max-w-xs text-sm text-muted-foreground">Connect another service to Agency Hub.</p>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline">
              <Plus aria-hidden="true" />
              Add Integration
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Add a new integration</DialogTitle>
              <DialogDescription>
                Which services Agency Hub can connect to today, and what comes next.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 text-sm">
              <p>
                <span className="font-medium">Available now:</span> {wired.join(', ')}. Use the Configure
                button on their cards to connect them with an API token.
              </p>
              <p>
                <span className="font-medium">Planned:</span> {planned.join(', ')}. These are not connected
                yet and show no figures until they are.
              </p>
              <p className="text-muted-foreground">
                To request another integration, ask the person who runs your Agency Hub installation to open
                an issue in the project's repository, naming the service and what you would like to see from
                it.
              </p>
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Got it</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

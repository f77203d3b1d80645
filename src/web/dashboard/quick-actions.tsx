import { HOW_SITES_ARRIVE } from '@web/components/how-sites-arrive';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
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
import { BarChart3, ChevronRight, Globe, type LucideIcon, Plug, Plus, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

const actionClass =
  'group flex w-full items-center gap-3 rounded-lg border px-3 py-2.5 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The dashboard's Quick Actions. Sites are not added by hand, so Add New Site says where they come from
 * (the GridPane sync) and leads to Integrations; the fleet view stands in for analytics.
 */
export function QuickActions() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Quick actions" className="grid grid-cols-1 gap-2 [&>li]:min-w-0">
          <li>
            <AddSiteDialog
              trigger={
                <button type="button" className={actionClass}>
                  <ActionText icon={Plus} label="Add New Site" description="Sites come from GridPane" />
                </button>
              }
            />
          </li>
          <li>
            <Link href="/servers" className={actionClass}>
              <ActionText icon={Server} label="Server Management" description="Servers and their sites" />
            </Link>
          </li>
          <li>
            <Link href="/fleet" className={actionClass}>
              <ActionText icon={BarChart3} label="View Analytics" description="Fleet: WordPress and PHP" />
            </Link>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function ActionText({
  icon: Icon,
  label,
  description,
}: {
  icon: LucideIcon;
  label: string;
  description: string;
}) {
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary-text">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium">{label}</span>
        <span className="block truncate text-xs text-muted-foreground">{description}</span>
      </span>
      <ChevronRight
        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </>
  );
}

/** Why there is no form to add a site, and the two ways on: connect the host, or see the sites so far. */
function AddSiteDialog({ trigger }: { trigger: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Site</DialogTitle>
          <DialogDescription>{HOW_SITES_ARRIVE}</DialogDescription>
        </DialogHeader>
        <p className="text-center text-sm text-muted-foreground sm:text-left">
          To add a site, create it on one of your GridPane servers; the next sync lists it here by itself.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="outline" asChild>
            <Link href="/websites">
              <Globe aria-hidden="true" />
              View Websites
            </Link>
          </Button>
          <Button asChild>
            <Link href="/integrations">
              <Plug aria-hidden="true" />
              Go to Integrations
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
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
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { toast } from '@web/components/ui/use-toast';
import { Section } from './section';

/** Card, toast, tooltip and dialog. */
export function OverlaysDemo() {
  return (
    <Section title="Surfaces and overlays">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Card title</CardTitle>
            <CardDescription>Card description in muted text.</CardDescription>
          </CardHeader>
          <CardContent className="text-sm">Card content sits on the card surface.</CardContent>
          <CardFooter>
            <Button size="sm" variant="outline">
              Action
            </Button>
          </CardFooter>
        </Card>
        <div className="flex flex-wrap content-start gap-2 rounded-lg border p-4">
          <Button
            variant="outline"
            onClick={() => toast({ title: 'Success', description: 'This is what a toast looks like.' })}
          >
            Show toast
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              toast({ title: 'Error', description: 'A destructive toast.', variant: 'destructive' })
            }
          >
            Show error toast
          </Button>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="outline">Hover for tooltip</Button>
            </TooltipTrigger>
            <TooltipContent>Tooltips open after 700 ms</TooltipContent>
          </Tooltip>
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">Open dialog</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Dialog title</DialogTitle>
                <DialogDescription>Dialogs trap focus and close with Esc.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>Close</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </div>
    </Section>
  );
}

import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { Section } from './section';

/** Form controls and tabs. */
export function ControlsDemo() {
  return (
    <Section title="Form controls">
      <div className="grid gap-6 rounded-lg border p-4 md:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="sg-input">Input</Label>
          <Input id="sg-input" placeholder="Search websites..." />
          <Input aria-label="Disabled input" placeholder="Disabled" disabled />
          <Input aria-label="Invalid input" defaultValue="not-an-email" aria-invalid="true" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="sg-textarea">Textarea</Label>
          <Textarea id="sg-textarea" placeholder="Notes about this client" />
        </div>
        <div className="grid content-start gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="sg-check" defaultChecked />
            <Label htmlFor="sg-check">Remember me for 30 days</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="sg-switch" defaultChecked />
            <Label htmlFor="sg-switch">Integration enabled</Label>
          </div>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="sg-select">Select</Label>
          <Select defaultValue="active">
            <SelectTrigger id="sg-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="active">Active</SelectItem>
              <SelectItem value="inactive">Inactive</SelectItem>
              <SelectItem value="archived">Archived</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <Tabs defaultValue="grid" className="md:col-span-2">
          <TabsList>
            <TabsTrigger value="grid">Grid View</TabsTrigger>
            <TabsTrigger value="list">List View</TabsTrigger>
          </TabsList>
          <TabsContent value="grid" className="pt-3 text-sm text-muted-foreground">
            Grid content
          </TabsContent>
          <TabsContent value="list" className="pt-3 text-sm text-muted-foreground">
            List content
          </TabsContent>
        </Tabs>
      </div>
    </Section>
  );
}

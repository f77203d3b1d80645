import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { BarChart3, ChevronRight, type LucideIcon, Plus, Server } from 'lucide-react';
import { Link } from 'wouter';

const actions: { label: string; description: string; href: string; icon: LucideIcon }[] = [
  { label: 'Add New Site', description: 'Browse and add hosted sites', href: '/websites', icon: Plus },
  { label: 'Server Management', description: 'Servers and their sites', href: '/servers', icon: Server },
  { label: 'View Analytics', description: 'Traffic and performance', href: '/analytics', icon: BarChart3 },
];

/** Spec §2 Quick Actions, which now navigate (decisions.md §1). */
export function QuickActions() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Quick actions" className="grid gap-2">
          {actions.map(({ label, description, href, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="group flex items-center gap-3 rounded-lg border px-3 py-2.5 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
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
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { TooltipProvider } from '@web/components/ui/tooltip';
import type { ReactNode } from 'react';
import { PageTitleProvider } from '../page-title';
import { Sidebar } from './sidebar';
import { SidebarProvider } from './sidebar-context';
import { TopBar } from './top-bar';

/** The signed-in layout: sidebar, top bar and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <PageTitleProvider>
      <TooltipProvider>
        <SidebarProvider>
          <div className="flex min-h-svh w-full">
            <Sidebar />
            <div className="flex min-w-0 flex-1 flex-col">
              <TopBar />
              <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
                {children}
              </main>
            </div>
          </div>
        </SidebarProvider>
      </TooltipProvider>
    </PageTitleProvider>
  );
}

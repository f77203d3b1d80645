import { LoadingState } from '@web/components/ui/spinner';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { setTimeSettings } from '@web/lib/format';
import { useAgencySettings } from '@web/settings/api';
import { Fragment, type ReactNode } from 'react';
import { PageTitleProvider } from '../page-title';
import { SecondFactorPrompt } from './second-factor-prompt';
import { Sidebar } from './sidebar';
import { SidebarProvider } from './sidebar-context';
import { TopBar } from './top-bar';
import { TwoFactorDueNotice } from './two-factor-due';

/**
 * Puts every time on screen on the agency's clock: sets its time zone for the formatters before the
 * page renders, and says whether the settings have answered (a failure leaves this device's clock).
 */
function useAgencyClock(): { ready: boolean; zone: string | undefined } {
  const settings = useAgencySettings();
  const zone = settings.data?.timeZone;
  setTimeSettings({ timeZone: zone });
  return { ready: !settings.isPending, zone };
}

/** The signed-in layout: a skip link, sidebar, top bar and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const clock = useAgencyClock();
  return (
    <PageTitleProvider>
      <TooltipProvider>
        <SidebarProvider>
          <SkipLink />
          <SecondFactorPrompt />
          <div className="flex min-h-svh w-full">
            <Sidebar />
            <div className="flex min-w-0 flex-1 flex-col">
              <TopBar />
              <main id={MAIN_ID} tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
                <TwoFactorDueNotice />
                {/* A new zone (saved in Settings) draws the page again, every time on the new clock. */}
                {clock.ready ? (
                  <Fragment key={clock.zone ?? 'device'}>{children}</Fragment>
                ) : (
                  <LoadingState />
                )}
              </main>
            </div>
          </div>
        </SidebarProvider>
      </TooltipProvider>
    </PageTitleProvider>
  );
}

const MAIN_ID = 'main';

/**
 * "Skip to main content": the first stop of Tab on every signed-in page, shown only while focused. It
 * moves the focus into the page itself, past the sidebar and the top bar, without changing the address.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only rounded-md bg-background px-4 py-2 text-sm font-medium text-foreground shadow-lg ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}

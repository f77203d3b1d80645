import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { setUnauthorizedHandler } from '@web/lib/api';
import { type ReactNode, useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { authKeys } from '../lib/use-auth';
import { queryClient } from './query-client';
import { ThemeProvider } from './theme-provider';

/** A 401 from any non-auth call means the session ended: forget the user and go to /login. */
function useUnauthorizedRedirect() {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.setQueryData(authKeys.me, null);
      if (window.location.pathname !== '/login') navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, []);
}

/** App-wide providers. The TooltipProvider lives in the shell (only signed-in pages use tooltips). */
export function Providers({ children }: { children: ReactNode }) {
  useUnauthorizedRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

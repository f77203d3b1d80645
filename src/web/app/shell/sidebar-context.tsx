import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { MOBILE_QUERY, readSidebarCookie, writeSidebarCookie } from './sidebar-state';

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons. */
  open: boolean;
  /** Mobile: the slide-in sheet is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | undefined>(undefined);

function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(() => matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const media = matchMedia(MOBILE_QUERY);
    const onChange = () => setIsMobile(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return isMobile;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie));
  const [openMobile, setOpenMobile] = useState(false);

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setOpenMobile((v) => !v);
      return;
    }
    setOpen(!open);
    writeSidebarCookie(!open);
  }, [isMobile, open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo(
    () => ({ open, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, openMobile, isMobile, toggleSidebar],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside SidebarProvider');
  return context;
}

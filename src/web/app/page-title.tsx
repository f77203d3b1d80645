import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

export interface PageTitle {
  title: string;
  subtitle?: string;
}

interface PageTitleContextValue extends PageTitle {
  setPageTitle: (title: PageTitle) => void;
}

const PageTitleContext = createContext<PageTitleContextValue | undefined>(undefined);

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [page, setPageTitle] = useState<PageTitle>({ title: '' });
  const value = useMemo(() => ({ ...page, setPageTitle }), [page]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

/** Read by the top bar. */
export function usePageTitleValue(): PageTitle {
  const context = useContext(PageTitleContext);
  return { title: context?.title ?? '', subtitle: context?.subtitle };
}

/**
 * Every page calls this once: sets the top bar's title and subtitle and the browser tab's title.
 * Works outside the shell too (public pages), where only the tab title changes.
 */
export function usePageTitle(title: string, subtitle?: string): void {
  const setPageTitle = useContext(PageTitleContext)?.setPageTitle;
  useEffect(() => {
    setPageTitle?.({ title, subtitle });
    document.title = title ? `${title} · Agency Hub` : 'Agency Hub';
  }, [setPageTitle, title, subtitle]);
}

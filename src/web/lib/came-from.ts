import { useLocation } from 'wouter';

/** The page a person left to reach this one: its address and its title. */
export type CameFrom = { href: string; title: string };

type WithFrom = { cameFrom?: CameFrom } | null | undefined;

const APP_SUFFIX = ' · Agency Hub';

const here = (): CameFrom => ({
  href: `${window.location.pathname}${window.location.search}`,
  title: document.title.endsWith(APP_SUFFIX) ? document.title.slice(0, -APP_SUFFIX.length) : '',
});

/**
 * Every in-app navigation remembers the page it left, in the new history entry (so a reload or the
 * browser's own Back and Forward keep it): a detail page's back link then returns where the person came
 * from, named by that page's title. A change of the address's query alone (a list's filters) is the
 * same page: it carries the remembered page over rather than pointing back at itself, and so does a
 * redirect, which replaces the entry it arrived in.
 */
export function rememberWhereNavigationCameFrom(): void {
  const { history } = window;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  const samePage = (url: string | URL | null | undefined) =>
    url == null || new URL(String(url), window.location.href).pathname === window.location.pathname;
  const carried = () => (history.state as WithFrom)?.cameFrom;
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    const cameFrom = samePage(url) ? carried() : here();
    push({ ...(state as object | null), ...(cameFrom ? { cameFrom } : {}) }, unused, url);
  };
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
    // Replacing the entry (a redirect, a list's filters) is still the same arrival: keep its origin.
    const cameFrom = (state as WithFrom)?.cameFrom ?? carried();
    replace({ ...(state as object | null), ...(cameFrom ? { cameFrom } : {}) }, unused, url);
  };
}

/**
 * Where this page's back link goes: the in-app page the person came from ("Back to Harbour Dental"),
 * else `fallback` (the page's usual parent, when it was opened directly).
 */
export function useBackTo(fallback: { href: string; label: string }): { href: string; label: string } {
  const [location] = useLocation(); // re-read on every navigation
  const from = (window.history.state as WithFrom)?.cameFrom;
  if (!from?.title || new URL(from.href, window.location.href).pathname === location) return fallback;
  return { href: from.href, label: `Back to ${from.title}` };
}

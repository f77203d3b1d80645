/** The sidebar's expanded/collapsed state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604800;
export const MOBILE_QUERY = '(max-width: 767px)';

export function readSidebarCookie(cookie: string): boolean {
  const match = cookie.split(';').find((part) => part.trim().startsWith(`${SIDEBAR_COOKIE}=`));
  return match?.trim().slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

export function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is the documented storage for this state.
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

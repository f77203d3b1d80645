import type { ServerResponse } from 'node:http';

/**
 * The pages a fake site serves to a browser: its home page, and WordPress's fatal-error page once an
 * update has broken it. A health check reads the status, the time taken and the `<title>`.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A site's name, from its domain: "brightsmiledental.com" is "Brightsmiledental", its staging copy "(staging)". */
export function siteTitleFor(domain: string): string {
  const staging = domain.startsWith('staging.');
  const label = (staging ? domain.slice('staging.'.length) : domain).split('.')[0] ?? domain;
  const name = label.charAt(0).toUpperCase() + label.slice(1);
  return staging ? `${name} (staging)` : name;
}

/** The home page: 200, the site's name as its title, and the generator tag WordPress prints. */
export function sendHomePage(res: ServerResponse, domain: string, wordpressVersion: string): void {
  const title = escapeHtml(siteTitleFor(domain));
  res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
  res.end(
    `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>${title}</title>` +
      `<meta name="generator" content="WordPress ${escapeHtml(wordpressVersion)}"></head>` +
      `<body class="home"><header><h1>${title}</h1></header><main><p>Welcome.</p></main></body></html>`,
  );
}

/** The sentence WordPress's fatal-error handler shows a visitor. */
export const CRITICAL_ERROR = 'There has been a critical error on this website.';

/** WordPress's fatal-error page, as a visitor gets it: 500 and wp_die's HTML. */
export function sendCriticalError(res: ServerResponse): void {
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    '<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>WordPress &rsaquo; Error</title></head>' +
      `<body id="error-page"><div class="wp-die-message"><p>${CRITICAL_ERROR}</p>` +
      '<p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>' +
      '</div></body></html>',
  );
}

/**
 * The pages the fake targets serve, built once as Buffers so that answering costs next to nothing
 * (the benchmark sends thousands of checks a minute). The WordPress error pages have the shape and the
 * English texts WordPress core prints (dead_db() and wp_die()'s default template).
 */
const html = (title: string, body: string, bodyAttributes = '') =>
  Buffer.from(
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body${bodyAttributes}>\n${body}\n</body>\n</html>\n`,
  );

export const KEYWORD = 'Welcome';

export const PAGES = {
  up: html('Example Site', `<h1>${KEYWORD} to Example Site</h1>\n<p>Everything is fine.</p>`),
  down: html('503 Service Unavailable', '<h1>Service Unavailable</h1>'),
  notFound: html('404 Not Found', '<h1>Not Found</h1>'),
  wordpress: html(
    'Example Blog',
    `<meta name="generator" content="WordPress 6.8.1">\n<h1>${KEYWORD} to Example Blog</h1>\n<p>Just another WordPress site</p>`,
  ),
  wordpressDbError: html('Database Error', '\t<h1>Error establishing a database connection</h1>'),
  wordpressCritical: html(
    'WordPress &rsaquo; Error',
    '\t<div class="wp-die-message"><p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p></div>',
    ' id="error-page"',
  ),
  wordpressMaintenance: html(
    'Maintenance',
    '<h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1>',
  ),
} as const;

export type PageName = keyof typeof PAGES;

/** Filler for /big: repeated 1 KiB blocks, the keyword only at the very end (past a 1 MB cap). */
export const FILLER_BLOCK = Buffer.from(`<p>${'lorem ipsum '.repeat(84)}</p>\n`.slice(0, 1024));
export const BIG_TAIL = Buffer.from(`<p>${KEYWORD} at the end</p></body></html>`);

/**
 * What a check looks for in a page: the person's keyword, and for WordPress sites the error pages
 * WordPress itself prints. Matching works on the raw bytes (the keyword encoded as UTF-8), so no page
 * is decoded to a string; it is case-sensitive and literal, as typed (an entity such as &amp; in the
 * HTML is not decoded).
 */
export type KeywordMode = 'present' | 'absent';

export const MAX_KEYWORD_BYTES = 1024;

/** Why a keyword cannot be used, or null. For the API's validation (keyword over 1 KB …). */
export function keywordProblem(keyword: string): string | null {
  if (keyword.trim() === '') return 'The keyword is empty';
  if (Buffer.byteLength(keyword) > MAX_KEYWORD_BYTES) return 'The keyword is longer than 1 KB';
  return null;
}

/** The failure text for a keyword test, or null when it passed. `truncated`: only the body's start was read. */
export function keywordFailure(
  body: Buffer,
  keyword: string,
  mode: KeywordMode,
  truncated: boolean,
): string | null {
  const found = body.includes(keyword, 0, 'utf8');
  const shown = keyword.length > 40 ? `${keyword.slice(0, 40)}…` : keyword;
  if (mode === 'present' && !found) {
    return `Keyword "${shown}" not found${truncated ? ` in the first ${readSize(body.length)}` : ''}`;
  }
  if (mode === 'absent' && found) return `Keyword "${shown}" found`;
  return null;
}

const readSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * WordPress's own error pages, with the texts WordPress core prints (wp-includes/class-wpdb.php,
 * functions.php dead_db(), class-wp-fatal-error-handler.php, load.php wp_maintenance(), and the
 * `<body id="error-page">` of wp_die()'s default template). WordPress sends them with 500/503, but a
 * page cache, a CDN or a db-error.php drop-in often serves them with 200: the status alone says "up".
 * Texts are the English originals; a translated site is still caught by the wp_die() template marker.
 */
const WORDPRESS_PAGES: ReadonlyArray<{ text: string; error: string }> = [
  { text: 'Error establishing a database connection', error: 'WordPress database error page' },
  { text: 'Error reconnecting to the database', error: 'WordPress database error page' },
  { text: 'Can&#8217;t select database', error: 'WordPress database error page' },
  { text: 'Can’t select database', error: 'WordPress database error page' },
  { text: 'Cannot select database', error: 'WordPress database error page' },
  { text: 'One or more database tables are unavailable', error: 'WordPress database error page' },
  { text: 'There has been a critical error on this website', error: 'WordPress critical error page' },
  { text: 'The site is experiencing technical difficulties', error: 'WordPress critical error page' },
  { text: 'Briefly unavailable for scheduled maintenance', error: 'WordPress maintenance page' },
  { text: '<body id="error-page">', error: 'WordPress error page' },
];

const ENCODED = WORDPRESS_PAGES.map((page) => ({ bytes: Buffer.from(page.text), error: page.error }));

/** "WordPress database error page" … when the body is one of WordPress's error pages, else null. */
export function wordpressFailure(body: Buffer): string | null {
  for (const page of ENCODED) if (body.includes(page.bytes)) return page.error;
  return null;
}

/** The most of a page searched for its title: the head comes first in any page worth the name. */
const TITLE_SEARCH_BYTES = 64 * 1024;
const TITLE = /<title(?:\s[^>]*)?>([^<]{1,300})<\/title\s*>/i;

/**
 * The page's `<title>` text as it stands in the HTML (entities left as written, whitespace trimmed),
 * or null when the page has none. Kept raw so it can be looked for again as a literal keyword.
 */
export function pageTitle(body: Buffer): string | null {
  const head = body.subarray(0, TITLE_SEARCH_BYTES).toString('utf8');
  const title = TITLE.exec(head)?.[1]?.trim();
  return title ? title : null;
}

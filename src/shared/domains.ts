/**
 * The one URL normalisation of the product: lowercase, no scheme, no leading
 * "www.", no trailing slash. Sites, websites and monitors are matched with it.
 */
export function normaliseDomain(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

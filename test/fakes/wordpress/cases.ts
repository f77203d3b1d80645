/** How one fake site behaves; each case mimics an answer real sites with the HD Snapshot plugin give. */
export type WordPressCase =
  | 'ok'
  | 'no_token'
  | 'wrong_token'
  | 'absent'
  | 'not_configured'
  | 'html'
  | 'login_redirect'
  | 'slow'
  | 'schema_newer'
  // Faults for the provider fault suites: what a site, its host or a proxy in front can answer.
  | 'server_error'
  | 'bad_gateway'
  | 'maintenance'
  | 'rate_limited'
  | 'slow_body'
  | 'malformed'
  | 'wrong_shape'
  | 'bad_field'
  | 'oversized';

/** One domain per failure case (in a stable order) so a demo shows every error state next to good sites. */
export function mixedCases(domains: string[]): Record<string, WordPressCase> {
  const failures: WordPressCase[] = [
    'no_token',
    'wrong_token',
    'absent',
    'not_configured',
    'html',
    'login_redirect',
    'slow',
    'schema_newer',
  ];
  return Object.fromEntries(
    failures.flatMap((mode, i) => (domains[i * 3 + 1] ? [[domains[i * 3 + 1], mode]] : [])),
  );
}

/** How one fake site behaves; see shared/providers/hdsnapshot.md for the real answers each one mimics. */
export type WordPressCase =
  | 'ok'
  | 'no_token'
  | 'wrong_token'
  | 'absent'
  | 'not_configured'
  | 'html'
  | 'login_redirect'
  | 'slow'
  | 'schema_v2';

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
    'schema_v2',
  ];
  return Object.fromEntries(
    failures.flatMap((mode, i) => (domains[i * 3 + 1] ? [[domains[i * 3 + 1], mode]] : [])),
  );
}

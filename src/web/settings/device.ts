import Bowser from 'bowser';

/** "Firefox on Linux", "Safari on iOS" from a User-Agent header; its own text when unknown. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}

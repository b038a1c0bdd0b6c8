/** "Chrome on Windows" from a user agent, with bowser; what the list of sessions and the new-device notice show. */
import Bowser from 'bowser';

export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

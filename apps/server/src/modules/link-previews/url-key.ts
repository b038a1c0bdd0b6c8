/**
 * The cache key of a link: the same page written two ways shares one card. The URL parser already lower-cases
 * the scheme and host and drops a default port; the fragment and tracking parameters go too.
 */
const TRACKING = /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_eid|igshid)$/i;

export function urlKeyOf(href: string): string {
  const url = new URL(href);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  return url.href;
}

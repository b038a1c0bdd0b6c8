/** The sentence to show for a failed settings call: the server's, or the page's own fallback. */
export function failureMessage(failure: unknown, fallback: string): string {
  const message = typeof failure === 'object' && failure !== null && 'message' in failure ? failure.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * Runs `task` once the page has loaded and then sat idle for a while: used to fetch the signed-in app
 * behind the login screen without competing with that screen's own first load.
 */
export function whenIdle(task: () => void, afterLoadMs = 5000): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => task(), { timeout: 5000 }) : setTimeout(task, 0));
  const start = () => setTimeout(idle, afterLoadMs);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The page's first script (build/head-start.ts explains why): with a session stored, asks at once for the
 * signed-in app and the page this path opens at, as module preloads the app's own imports then reuse.
 * It imports nothing, so it runs as soon as its own few bytes arrive.
 */
interface HeadStartData {
  sessionKey: string;
  app: string[];
  pages: Record<string, string[]>;
}

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

const block = document.getElementById('plaza-head-start');
if (block?.textContent) {
  const data = JSON.parse(block.textContent) as HeadStartData;
  if (localStorage.getItem(data.sessionKey)) {
    const at = location.pathname.replace(/\/+$/, '') || '/';
    for (const href of [...data.app, ...(data.pages[at] ?? [])]) preload(href);
  }
}

export {};

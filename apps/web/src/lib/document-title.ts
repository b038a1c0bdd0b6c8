/**
 * The tab's title: the page's own name ("Settings · Plaza") so tabs, history and screen readers tell
 * pages apart, with the unread chat count in front ("(3) Settings · Plaza") when there is one.
 */
import { useEffect } from 'react';

const PRODUCT = 'Plaza';
let page = '';
let unread = 0;

function render(): void {
  const base = page ? `${page} · ${PRODUCT}` : PRODUCT;
  document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}

/** The chat's unread count, shown in front of whatever page is open. */
export function setUnreadInTitle(count: number): void {
  unread = count;
  render();
}

/** Names the tab after the page while it is shown; `null` while the name is not known yet (keeps the last). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    page = title;
    render();
  }, [title]);
}

/**
 * The unread chat count where a person sees it with the tab in the background: a badge drawn on the
 * favicon (the title's count is lib/document-title.ts).
 */
const FAVICON = '/favicon.svg';

let icon: HTMLImageElement | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/** The favicon with a red count badge, or the plain one for 0. */
export function drawFaviconBadge(unread: number): void {
  const link = iconLink();
  if (!link) return;
  if (unread <= 0) {
    link.type = 'image/svg+xml';
    link.href = FAVICON;
    return;
  }
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext?.('2d');
  if (!ctx) return;
  const draw = () => {
    ctx.clearRect(0, 0, 64, 64);
    if (icon) ctx.drawImage(icon, 0, 0, 64, 64);
    ctx.fillStyle = '#e11d48';
    ctx.beginPath();
    ctx.arc(44, 20, 20, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = 'bold 26px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(unread > 9 ? '9+' : String(unread), 44, 21);
    link.type = 'image/png';
    link.href = canvas.toDataURL('image/png');
  };
  if (icon?.complete) draw();
  else {
    icon = new Image();
    icon.onload = draw;
    icon.onerror = draw;
    icon.src = FAVICON;
  }
}

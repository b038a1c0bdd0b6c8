/** Draws demo avatars and pictures locally with sharp from SVG: nothing is downloaded. */
import sharp from 'sharp';

const PALETTE = ['#6366f1', '#ec4899', '#14b8a6', '#f59e0b', '#8b5cf6', '#ef4444', '#0ea5e9', '#22c55e', '#f97316', '#64748b'];

export function colorFor(seed: number): string {
  return PALETTE[Math.abs(seed) % PALETTE.length];
}

/** A demo avatar: initials on a gradient (no head outline behind them, which read as a broken picture). */
export function avatarPng(initials: string, seed: number): Promise<Buffer> {
  const a = colorFor(seed);
  const b = colorFor(seed * 7 + 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="310" font-family="DejaVu Sans, Arial, sans-serif" font-size="190" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A landscape-like scene for posts and stories: sky, sun, hills, in a seeded palette. */
export function scenePng(seed: number, width = 1200, height = 800, caption = ''): Promise<Buffer> {
  const sky = colorFor(seed);
  const hill = colorFor(seed + 3);
  const hill2 = colorFor(seed + 5);
  const sunX = 200 + ((seed * 137) % (width - 400));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#s)"/>
    <circle cx="${sunX}" cy="${height * 0.3}" r="${height * 0.11}" fill="#fff7ed" opacity="0.9"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.45} ${width * 0.5} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="${hill}" opacity="0.85"/>
    <path d="M0 ${height * 0.85} Q ${width * 0.35} ${height * 0.62} ${width * 0.7} ${height * 0.82} T ${width} ${height * 0.78} V ${height} H 0 Z" fill="${hill2}"/>
    ${caption ? `<text x="40" y="${height - 40}" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" font-weight="700" fill="#fff">${caption}</text>` : ''}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Post text across servers. Plaza keeps a post as plain text and the web app turns its links into links;
 * ActivityPub carries HTML. Going out, the text is escaped, its links made `<a>` and its line breaks `<br>`.
 * Coming in, HTML from another server goes through sanitize-html allowing only links, line breaks and
 * paragraphs, and is then kept as text plus links, never as markup: nothing another server writes reaches
 * a browser as HTML.
 */
import { linkSegments } from '@plaza/contract';
import sanitizeHtml from 'sanitize-html';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function linkedLine(line: string): string {
  return linkSegments(line)
    .map((s) =>
      s.link ? `<a href="${escapeHtml(s.text)}" rel="nofollow noopener noreferrer">${escapeHtml(s.text)}</a>` : escapeHtml(s.text),
    )
    .join('');
}

/** A Plaza post's text as a Note's `content`: paragraphs at blank lines, `<br>` at single ones, links linked. */
export function noteHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${p.split('\n').map(linkedLine).join('<br>')}</p>`)
    .join('');
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');

/**
 * A link as text: its address when it shows the address (Mastodon shortens long ones in hidden spans, whose
 * text is still all there), its text alone for a mention or hashtag, otherwise the text and the address.
 */
function linkText(href: string, inner: string): string {
  const text = decodeEntities(stripTags(inner)).trim();
  if (!href) return text;
  if (/^[@#]/.test(text) || text === '') return text || href;
  const bare = (u: string) => u.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  return bare(text) === bare(href) ? href : `${text} (${href})`;
}

/** The text of HTML from another server: sanitized to links, breaks and paragraphs, then those made text. */
export function textOfHtml(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: ['a', 'br', 'p'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https'],
    disallowedTagsMode: 'discard',
  });
  // Whitespace in HTML is one space wherever it is; lines end only at <br> and paragraphs.
  const text = clean
    .replace(/\s+/g, ' ')
    .replace(/<a(?: href="([^"]*)")?>([\s\S]*?)<\/a>/g, (_m, href: string | undefined, inner: string) =>
      // Kept as entities until the end, so a `<` written in the text never becomes a tag below.
      escapeHtml(linkText(decodeEntities(href ?? ''), inner)),
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n');
  return decodeEntities(stripTags(text))
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

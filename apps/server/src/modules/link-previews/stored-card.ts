/** How the features that own posts, comments and messages ask for a card, keep it on their row, and read it back. */
import { firstLinkOf, type LinkPreview, type LinkPreviewTarget } from '@plaza/contract';
import type { EventBus } from '../../lib/events';

/** After the text's commit: asks for the card of its first link, if it has one. */
export function wantLinkPreview(
  events: EventBus,
  target: { targetType: LinkPreviewTarget; targetId: string; scope?: string },
  text: string,
): void {
  // Most texts hold no link: one look for a scheme's `://` spares them the link scan (every chat send asks).
  const url = text.includes('://') ? firstLinkOf(text) : null;
  if (url) events.publish('linkPreviewWanted', { ...target, url });
}

export const storedCard = (card: LinkPreview): string => JSON.stringify(card);

/** The `link_preview` column as the API shows it. */
export function presentLinkPreview(json: string | null | undefined): LinkPreview | null {
  return json ? (JSON.parse(json) as LinkPreview) : null;
}

/** What other features use of link previews: the card, the composer's removable card, and the live updates. */
export { LinkPreviewCard } from './LinkPreviewCard';
export { ComposerLinkPreview, useComposerLink } from './ComposerLinkPreview';
export { useLinkPreviewsLive } from './live';

/**
 * The link-previews feature's public API. It owns the card cache (`link_previews`); the cards themselves are kept
 * by the features that own posts, comments and messages, written and read with the functions below.
 */
export { createLinkPreviewsFeature } from './feature';
export { presentLinkPreview, storedCard, wantLinkPreview } from './stored-card';
/** The one SSRF-safe client for addresses from outside (pages here, push services in modules/push). */
export { FetchRefusedError, safeClient, type SafeClient } from './safe-fetch';

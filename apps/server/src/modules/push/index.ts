/**
 * The push feature's public API. It owns `push_subscriptions` (one per device) and sends Web Push: features
 * offer what happened (`PushApi.offer`), the person's preferences and presence decide, jobs deliver.
 */
export { createPushFeature } from './feature';

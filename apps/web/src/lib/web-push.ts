/**
 * The browser's side of Web Push: whether this browser can push, and this device's subscription. Permission is
 * asked only from `subscribe`, which runs when the person turns push on, never on load.
 */

/** `unsupported`: no service worker or Push API (an iPhone's Safari outside the home screen, a private window). */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  // The worker is registered after the page's load (lib/service-worker.ts): wait for it, but not forever.
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  // No worker (a development server, or one the browser refuses): nothing could show a push.
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Asks the permission if need be and subscribes this device; null when the person or the browser said no. */
export async function subscribe(publicKey: string): Promise<PushSubscriptionJSON | null> {
  const reg = await registration();
  if (!reg) return null;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const existing = await reg.pushManager.getSubscription();
  const sub = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return sub.toJSON();
}

/** Ends this device's subscription in the browser; answers its endpoint for the server to forget. */
export async function unsubscribe(): Promise<string | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}

/**
 * The toasts' API, as sonner's, with sonner (10 KB compressed) loaded on the first toast or when the page
 * sits idle (components/LazyToaster.tsx) instead of with the first paint, which shows no toast.
 * Sonner's Toaster replays the toasts made before it subscribed, so none made while it loads is lost.
 */
type Sonner = typeof import('sonner');
type SonnerToast = Sonner['toast'];

let sonner: Promise<Sonner> | undefined;
let announceLoad: (s: Sonner) => void = () => {};
/** Settles once something asked for sonner: the toaster mounts then. */
export const sonnerAsked = new Promise<Sonner>((resolve) => (announceLoad = resolve));

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    void sonner.then(announceLoad);
  }
  return sonner;
}

function later<A extends unknown[]>(call: (t: SonnerToast, ...args: A) => unknown): (...args: A) => void {
  return (...args) => void loadSonner().then((s) => call(s.toast, ...args));
}

export const toast = Object.assign(
  later((t, ...a: Parameters<SonnerToast>) => t(...a)),
  {
    success: later((t, ...a: Parameters<SonnerToast['success']>) => t.success(...a)),
    error: later((t, ...a: Parameters<SonnerToast['error']>) => t.error(...a)),
    warning: later((t, ...a: Parameters<SonnerToast['warning']>) => t.warning(...a)),
    custom: later((t, ...a: Parameters<SonnerToast['custom']>) => t.custom(...a)),
    dismiss: later((t, ...a: Parameters<SonnerToast['dismiss']>) => t.dismiss(...a)),
  },
);

/**
 * Browser notifications for chat messages that arrive while the tab is hidden. Off until the person turns
 * them on (the bell in the chat list), which is when the browser asks for permission, never on load.
 * The choice is kept in this browser only.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'chatDesktopNotifications';
const listeners = new Set<() => void>();

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function read(): boolean {
  try {
    return supported() && localStorage.getItem(KEY) === '1' && Notification.permission === 'granted';
  } catch {
    return false;
  }
}

function write(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the setting lasts until the page closes.
  }
  listeners.forEach((l) => l());
}

export const desktopNotificationsSupported = supported;

/** Whether hidden-tab notifications are on (and the browser allows them). */
export function useDesktopNotifications(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );
}

/** Turns them on (asking the browser first) or off; resolves to whether they are on now. */
export async function setDesktopNotifications(on: boolean): Promise<boolean> {
  if (!on || !supported()) {
    write(false);
    return false;
  }
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  write(permission === 'granted');
  return permission === 'granted';
}

export const desktopNotificationsOn = read;

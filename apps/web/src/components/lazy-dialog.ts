/**
 * Dialogs (Headless UI) are loaded the first time one opens: a feed shows delete, block and unfriend
 * questions on many rows, and evaluating Headless UI held up the first screen on a slow phone.
 */
import { lazy, useState, type ComponentType } from 'react';

/**
 * Headless UI gives focus back on close to the last element its own listeners saw focused, and they
 * start listening only when its code is evaluated: after the click that opened the first dialog. So the
 * element focused now (the opener) is announced to them once the code is there, before the dialog mounts.
 */
function announceFocusedElement(): void {
  const opener = document.activeElement;
  if (opener instanceof HTMLElement && opener !== document.body) opener.dispatchEvent(new FocusEvent('focus'));
}

/** `React.lazy` for a component built on a Headless UI dialog or popover. */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then((component) => {
      announceFocusedElement();
      return { default: component };
    }),
  );
}

/** True from the first time `open` is true on, so a lazily loaded dialog stays mounted and its closing transition plays. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

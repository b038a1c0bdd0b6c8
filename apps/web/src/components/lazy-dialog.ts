/**
 * Dialogs (Headless UI) are loaded the first time one opens: a feed shows delete, block and unfriend
 * questions on many rows, and evaluating Headless UI held up the first screen on a slow phone.
 */
import { useState } from 'react';

/** True from the first time `open` is true on, so a lazily loaded dialog stays mounted and its closing transition plays. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

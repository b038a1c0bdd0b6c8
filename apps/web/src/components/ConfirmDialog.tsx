/** A yes/no question before something that cannot be undone; its dialog loads the first time it opens. */
import { Suspense } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogPanel';
import { lazyDialog, useOpenedOnce } from './lazy-dialog';

const ConfirmDialogPanel = lazyDialog(() => import('./ConfirmDialogPanel').then((m) => m.ConfirmDialogPanel));

export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  );
}

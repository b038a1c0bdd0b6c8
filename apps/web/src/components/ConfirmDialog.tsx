/** A yes/no question before something that cannot be undone; its dialog loads the first time it opens. */
import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogPanel';
import { useOpenedOnce } from './lazy-dialog';

const ConfirmDialogPanel = lazy(() => import('./ConfirmDialogPanel').then((m) => ({ default: m.ConfirmDialogPanel })));

export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  );
}

/** Asks before a friendship ends, since undoing it needs a new request the other person must accept. */
import { Suspense } from 'react';
import { lazyDialog, useOpenedOnce } from '../../components/lazy-dialog';
import type { ConfirmRemoveProps } from './ConfirmRemovePanel';

const ConfirmRemovePanel = lazyDialog(() => import('./ConfirmRemovePanel').then((m) => m.ConfirmRemovePanel));

export function ConfirmRemoveDialog(props: ConfirmRemoveProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmRemovePanel {...props} />
    </Suspense>
  );
}

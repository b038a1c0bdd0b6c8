/** Asks before a friendship ends, since undoing it needs a new request the other person must accept. */
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../components/lazy-dialog';
import type { ConfirmRemoveProps } from './ConfirmRemovePanel';

const ConfirmRemovePanel = lazy(() => import('./ConfirmRemovePanel').then((m) => ({ default: m.ConfirmRemovePanel })));

export function ConfirmRemoveDialog(props: ConfirmRemoveProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmRemovePanel {...props} />
    </Suspense>
  );
}

/** The dialog of `ConfirmRemoveDialog`, loaded when one first opens. */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export interface ConfirmRemoveProps {
  open: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmRemovePanel({ open, name, onCancel, onConfirm }: ConfirmRemoveProps) {
  const { t } = useTranslation('feed');
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm transition duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel transition className="card w-full max-w-sm p-6 transition duration-150 data-closed:scale-95 data-closed:opacity-0">
          <div className="mb-4 flex h-11 w-11 items-center justify-center rounded-full bg-rose-100 text-rose-600 dark:bg-rose-950 dark:text-rose-300">
            <UserMinus className="h-5 w-5" />
          </div>
          <DialogTitle className="text-lg font-semibold">{t('connection.removeTitle', { name })}</DialogTitle>
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('connection.removeText', { name })}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {t('connection.cancel')}
            </Button>
            <Button variant="danger" onClick={onConfirm}>
              {t('connection.remove')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

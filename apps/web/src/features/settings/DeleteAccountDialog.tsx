/** The last step before deleting an account: what goes, and the password to confirm it. */
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBodySchema, type OperationBody, type operations } from '@plaza/contract';
import { useForm } from 'react-hook-form';
import type { ApiErrorPayload } from '../../api/errors';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { PasswordField } from '../../components/Field';
import { failureMessage } from './failure';
import { useDeleteAccountMutation } from './lifecycle-api';
import { useTranslation } from 'react-i18next';

type Form = OperationBody<typeof operations.deleteAccount>;

export function DeleteAccountDialog({ open, onClose, onDeleted }: { open: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('preferences');
  const [deleteAccount] = useDeleteAccountMutation();
  const { register, handleSubmit, formState, setError, reset } = useForm<Form>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  const busy = formState.isSubmitting;

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteAccount(values).unwrap();
      onDeleted();
    } catch (failure) {
      const details = (failure as Partial<ApiErrorPayload>).details;
      if (details?.length) setError('password', { message: details[0].message });
      else setError('root', { message: failureMessage(failure, t('delete.failed')) });
    }
  });

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="card w-full max-w-md p-6">
          <DialogTitle className="text-lg font-semibold">{t('delete.confirmTitle')}</DialogTitle>
          <Description as="div" className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-300">
            <p>{t('delete.confirmText')}</p>
            <p>{t('delete.confirmChats')}</p>
          </Description>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-1">
            {formState.errors.root?.message && <ErrorBanner message={formState.errors.root.message} />}
            <PasswordField
              label={t('delete.password')}
              autoComplete="current-password"
              autoFocus
              error={formState.errors.password?.message}
              {...register('password')}
            />
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="secondary" onClick={close} disabled={busy}>
                {t('delete.cancel')}
              </Button>
              <Button type="submit" variant="danger" loading={busy}>
                {t('delete.submit')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

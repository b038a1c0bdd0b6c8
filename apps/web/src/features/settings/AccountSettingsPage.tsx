/** Account settings: the account's fixed facts, a password change, and logging out. */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, type ChangePasswordBody } from '@plaza/contract';
import { LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/Button';
import { Field, NewPasswordField, PasswordField } from '../../components/Field';
import { logoutUser } from '../auth';
import { useChangePasswordMutation, useMeQuery } from './api';
import { EmailSettings } from './EmailSettings';
import { failureMessage, showFieldErrors } from './failure';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';
import { LanguageSettings } from './LanguageSettings';

export default function AccountSettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  const sessionUser = useAppSelector((s) => s.auth.userDetails);
  const { data: me } = useMeQuery();
  const user = me ?? sessionUser;
  const [changePassword] = useChangePasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const logout = async () => {
    await dispatch(logoutUser());
    void navigate('/auth/login', { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(values).unwrap();
      reset();
      toast.success(t('account.passwordChanged'));
    } catch (failure) {
      if (!showFieldErrors(failure, setError)) toast.error(failureMessage(failure, t('account.passwordFailed')));
    }
  });

  return (
    <div className="space-y-6">
      <section className="card p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('account.heading')}</h2>
        <Field label={t('account.userName')} value={user ? `@${user.userName}` : ''} readOnly disabled />
        <EmailSettings user={user} />
      </section>
      <LanguageSettings />
      <section className="card p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('account.changePassword')}</h2>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
          <PasswordField
            label={t('account.currentPassword')}
            autoComplete="current-password"
            error={formState.errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <NewPasswordField label={t('account.newPassword')} error={formState.errors.newPassword?.message} {...register('newPassword')} />
          <Button type="submit" loading={formState.isSubmitting}>
            {t('account.changePassword')}
          </Button>
        </form>
      </section>
      <section className="card flex items-center justify-between gap-4 p-6">
        <div>
          <h2 className="text-lg font-semibold">{t('account.logOut')}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('account.logOutHint')}</p>
        </div>
        <Button variant="danger" onClick={() => void logout()}>
          <LogOut className="h-4 w-4" /> {t('account.logOut')}
        </Button>
      </section>
    </div>
  );
}

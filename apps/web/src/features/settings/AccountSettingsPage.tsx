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

export default function AccountSettingsPage() {
  useDocumentTitle('Settings');
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
      toast.success('Password changed. Your other sessions were logged out.');
    } catch (failure) {
      if (!showFieldErrors(failure, setError)) toast.error(failureMessage(failure, 'Your password could not be changed.'));
    }
  });

  return (
    <div className="space-y-6">
      <section className="card p-6">
        <h2 className="mb-4 text-lg font-semibold">Account</h2>
        <Field label="User name" value={user ? `@${user.userName}` : ''} readOnly disabled />
        <EmailSettings user={user} />
      </section>
      <section className="card p-6">
        <h2 className="mb-4 text-lg font-semibold">Change password</h2>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={formState.errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <NewPasswordField label="New password" error={formState.errors.newPassword?.message} {...register('newPassword')} />
          <Button type="submit" loading={formState.isSubmitting}>
            Change password
          </Button>
        </form>
      </section>
      <section className="card flex items-center justify-between gap-4 p-6">
        <div>
          <h2 className="text-lg font-semibold">Log out</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">End this session on this device.</p>
        </div>
        <Button variant="danger" onClick={() => void logout()}>
          <LogOut className="h-4 w-4" /> Log out
        </Button>
      </section>
    </div>
  );
}

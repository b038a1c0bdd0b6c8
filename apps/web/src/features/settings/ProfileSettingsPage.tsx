/** Profile settings: photo (with upload progress), full name and bio. */
import { zodResolver } from '@hookform/resolvers/zod';
import { fullNameSchema, LIMITS, type SelfUser } from '@plaza/contract';
import './preferences-catalog';
import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { withSniffedType } from '../../lib/media-sniff';
import { isCanceledError } from '../connections';
import { useUpdateMeMutation, useUploadAvatarMutation } from './api';
import { failureMessage } from './failure';
import { useSessionUserUpdate } from './useSessionUser';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from 'react-i18next';

const profileSchema = z.object({
  fullName: fullNameSchema,
  userBio: z.string().max(LIMITS.userBio.max, `At most ${LIMITS.userBio.max} characters`),
});
type ProfileForm = z.infer<typeof profileSchema>;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

export default function ProfileSettingsPage() {
  const { t } = useTranslation('preferences');
  useDocumentTitle(t('profile.title'));
  const user = useAppSelector((s) => s.auth.userDetails);
  return (
    <div className="space-y-6">
      <ProfilePhoto user={user} />
      <AboutForm user={user} />
    </div>
  );
}

/** The profile photo, uploaded as soon as it is picked, with its progress over the photo. */
function ProfilePhoto({ user }: { user: SelfUser | null }) {
  const { t } = useTranslation('preferences');
  const toSession = useSessionUserUpdate();
  const [uploadAvatar] = useUploadAvatarMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onPick(chosen: File | undefined) {
    if (!chosen) return;
    const file = await withSniffedType(chosen);
    if (!ACCEPTED.split(',').includes(file.type)) {
      if (fileRef.current) fileRef.current.value = '';
      return toast.error(t('profile.notImage', { name: file.name }));
    }
    if (file.size > LIMITS.avatarBytes) return toast.error(t('profile.tooLarge', { mb: LIMITS.avatarBytes / 1024 / 1024 }));
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const updated = await uploadAvatar({ file, onProgress: setProgress }).unwrap();
      toSession(updated);
      toast.success(t('profile.photoUpdated'));
    } catch (failure) {
      setPreview(null);
      if (!isCanceledError(failure)) toast.error(failureMessage(failure, t('profile.photoFailed')));
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <section className="card flex flex-col items-center gap-4 p-6 sm:flex-row">
      <div className="relative">
        <Avatar name={user?.fullName ?? '?'} id={user?._id ?? ''} src={preview ?? user?.userImage} size="xl" />
        {progress !== null && (
          <div className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-sm font-semibold text-white">
            {Math.round(progress * 100)}%
          </div>
        )}
      </div>
      <div className="text-center sm:text-start">
        <h2 className="text-lg font-semibold">{t('profile.photo')}</h2>
        <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">
          {t('profile.photoHint', { mb: LIMITS.avatarBytes / 1024 / 1024 })}
        </p>
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPTED}
          className="hidden"
          aria-label={t('profile.choosePhoto')}
          onChange={(e) => void onPick(e.target.files?.[0])}
        />
        <Button variant="secondary" onClick={() => fileRef.current?.click()} loading={progress !== null}>
          <Camera className="h-4 w-4" /> {progress !== null ? t('profile.uploading') : t('profile.upload')}
        </Button>
        {progress !== null && (
          <div
            className="mt-3 h-1.5 w-48 overflow-hidden rounded-full skeleton"
            role="progressbar"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-brand-primary transition-all" style={{ width: `${progress * 100}%` }} />
          </div>
        )}
      </div>
    </section>
  );
}

/** The full name and the bio, saved together. */
function AboutForm({ user }: { user: SelfUser | null }) {
  const { t } = useTranslation('preferences');
  const toSession = useSessionUserUpdate();
  const [updateMe] = useUpdateMeMutation();
  const { register, handleSubmit, formState, watch, reset } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user?.fullName ?? '', userBio: user?.userBio ?? '' },
  });
  const bio = watch('userBio') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await updateMe({ fullName: values.fullName, userBio: values.userBio.trim() || null }).unwrap();
      toSession(updated);
      reset({ fullName: updated.fullName, userBio: updated.userBio ?? '' });
      toast.success(t('profile.saved'));
    } catch (failure) {
      if (!isCanceledError(failure)) toast.error(failureMessage(failure, t('profile.saveFailed')));
    }
  });

  return (
    <section className="card p-6">
      <h2 className="mb-4 text-lg font-semibold">{t('profile.about')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
        <Field label={t('profile.fullName')} error={formState.errors.fullName?.message} {...register('fullName')} />
        <div className="space-y-1.5">
          <label htmlFor="bio" className="block text-sm font-medium">
            {t('profile.bio')}
          </label>
          <textarea id="bio" rows={3} className="input resize-none" placeholder={t('profile.bioPlaceholder')} {...register('userBio')} />
          <div className="flex justify-between text-xs">
            <span className="text-rose-600 dark:text-rose-400">{formState.errors.userBio?.message}</span>
            <span className={bio.length > LIMITS.userBio.max ? 'text-rose-600 dark:text-rose-400' : 'text-slate-500 dark:text-slate-400'}>
              {bio.length}/{LIMITS.userBio.max}
            </span>
          </div>
        </div>
        <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
          {t('profile.save')}
        </Button>
      </form>
    </section>
  );
}

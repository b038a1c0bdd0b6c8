/** Profile settings: photo (with upload progress), full name and bio. */
import { zodResolver } from '@hookform/resolvers/zod';
import { fullNameSchema, LIMITS } from '@plaza/contract';
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

const profileSchema = z.object({
  fullName: fullNameSchema,
  userBio: z.string().max(LIMITS.userBio.max, `At most ${LIMITS.userBio.max} characters`),
});
type ProfileForm = z.infer<typeof profileSchema>;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

export default function ProfileSettingsPage() {
  useDocumentTitle('Profile settings');
  const user = useAppSelector((s) => s.auth.userDetails);
  const toSession = useSessionUserUpdate();
  const [updateMe] = useUpdateMeMutation();
  const [uploadAvatar] = useUploadAvatarMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, handleSubmit, formState, watch, reset } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user?.fullName ?? '', userBio: user?.userBio ?? '' },
  });
  const bio = watch('userBio') ?? '';

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await updateMe({ fullName: values.fullName, userBio: values.userBio.trim() || null }).unwrap();
      toSession(updated);
      reset({ fullName: updated.fullName, userBio: updated.userBio ?? '' });
      toast.success('Profile saved');
    } catch (failure) {
      if (!isCanceledError(failure)) toast.error(failureMessage(failure, 'Your profile could not be saved.'));
    }
  });

  async function onPick(chosen: File | undefined) {
    if (!chosen) return;
    const file = await withSniffedType(chosen);
    if (!ACCEPTED.split(',').includes(file.type)) {
      if (fileRef.current) fileRef.current.value = '';
      return toast.error(`${file.name} is not a JPEG, PNG, WebP or GIF image.`);
    }
    if (file.size > LIMITS.avatarBytes) return toast.error('That image is larger than 5 MB.');
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const updated = await uploadAvatar({ file, onProgress: setProgress }).unwrap();
      toSession(updated);
      toast.success('Profile photo updated');
    } catch (failure) {
      setPreview(null);
      if (!isCanceledError(failure)) toast.error(failureMessage(failure, 'The photo could not be uploaded.'));
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className="space-y-6">
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
          <h2 className="text-lg font-semibold">Profile photo</h2>
          <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPTED}
            className="hidden"
            aria-label="Choose a profile photo"
            onChange={(e) => void onPick(e.target.files?.[0])}
          />
          <Button variant="secondary" onClick={() => fileRef.current?.click()} loading={progress !== null}>
            <Camera className="h-4 w-4" /> {progress !== null ? 'Uploading…' : 'Upload photo'}
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
      <section className="card p-6">
        <h2 className="mb-4 text-lg font-semibold">About you</h2>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-1">
          <Field label="Full name" error={formState.errors.fullName?.message} {...register('fullName')} />
          <div className="space-y-1.5">
            <label htmlFor="bio" className="block text-sm font-medium">
              Bio
            </label>
            <textarea
              id="bio"
              rows={3}
              className="input resize-none"
              placeholder="Tell people a little about yourself"
              {...register('userBio')}
            />
            <div className="flex justify-between text-xs">
              <span className="text-rose-600 dark:text-rose-400">{formState.errors.userBio?.message}</span>
              <span className={bio.length > LIMITS.userBio.max ? 'text-rose-600 dark:text-rose-400' : 'text-slate-500 dark:text-slate-400'}>
                {bio.length}/{LIMITS.userBio.max}
              </span>
            </div>
          </div>
          <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Save changes
          </Button>
        </form>
      </section>
    </div>
  );
}

/** The top of group info: its picture and name (renamed in place by an admin), who is in it, and for admins its photo. */
import { Camera, Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { displayName } from './ConversationRow';
import { useRemoveGroupPhotoMutation, useRenameGroupMutation, useUploadGroupPhotoMutation, type GroupSummary } from './group-api';
import { checkGroupPhoto, GROUP_PHOTO_TYPES } from './group-photo';
import { membersLine } from './group-texts';
import { GroupAvatar } from './GroupAvatar';
import { GroupNameField } from './GroupNameField';

interface GroupIdentityProps {
  me: { _id: string };
  group: GroupSummary;
  admin: boolean;
  /** How many of the other members are online. */
  online: number;
}

export function GroupIdentity({ me, group, admin, online }: GroupIdentityProps) {
  const { t } = useTranslation('chat');
  const others = group.members.filter((m) => m._id !== me._id);
  const [renaming, setRenaming] = useState(false);
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <GroupAvatar id={group._id} name={group.name} photo={group.photo} memberNames={others.map(displayName)} size="lg" />
      {renaming ? (
        <RenameForm me={me} group={group} onDone={() => setRenaming(false)} />
      ) : (
        <p className="flex items-center gap-1 text-lg font-bold">
          {group.name}
          {admin && (
            <button
              type="button"
              onClick={() => setRenaming(true)}
              aria-label={t('info.renameLabel')}
              title={t('info.rename')}
              className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-700"
            >
              <Pencil className="h-4 w-4" />
            </button>
          )}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">{membersLine(group.members.length, online)}</p>
      {admin && <GroupPhotoButtons me={me} group={group} />}
    </div>
  );
}

/** An admin's buttons to change the group's photo or take it off. */
function GroupPhotoButtons({ me, group }: { me: { _id: string }; group: GroupSummary }) {
  const { t } = useTranslation('chat');
  const [upload, { isLoading: uploading }] = useUploadGroupPhotoMutation();
  const [removePhoto, { isLoading: removingPhoto }] = useRemoveGroupPhotoMutation();
  const fileRef = useRef<HTMLInputElement>(null);

  async function pickPhoto(chosen: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!chosen) return;
    const checked = await checkGroupPhoto(chosen);
    if (typeof checked === 'string') return toast.error(checked);
    try {
      await upload({ id: group._id, file: checked, me: me._id }).unwrap();
      toast.success(t('info.photoChanged'));
    } catch (failure) {
      toast.error(errorText(failure, t('info.photoUploadFailed')));
    }
  }

  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button variant="secondary" size="sm" loading={uploading} onClick={() => fileRef.current?.click()}>
        <Camera className="h-4 w-4" aria-hidden /> {group.photo ? t('info.changePhoto') : t('info.addPhoto')}
      </Button>
      {group.photo && (
        <Button
          variant="ghost"
          size="sm"
          loading={removingPhoto}
          onClick={() =>
            void removePhoto({ id: group._id, me: me._id })
              .unwrap()
              .catch((failure: unknown) => toast.error(errorText(failure, t('info.photoRemoveFailed'))))
          }
        >
          {t('info.removePhoto')}
        </Button>
      )}
      <input
        ref={fileRef}
        type="file"
        accept={GROUP_PHOTO_TYPES}
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => void pickPhoto(e.target.files?.[0])}
      />
    </div>
  );
}

function RenameForm({ me, group, onDone }: { me: { _id: string }; group: GroupSummary; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(group.name);
  const [rename, { isLoading }] = useRenameGroupMutation();
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = name.trim();
    if (!next || next === group.name) return onDone();
    try {
      await rename({ id: group._id, name: next, me: me._id }).unwrap();
      onDone();
    } catch (failure) {
      toast.error(errorText(failure, t('info.renameFailed')));
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex w-full items-end gap-2">
      <GroupNameField
        id={id}
        value={name}
        onChange={setName}
        onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onDone())}
        className="text-start"
      />
      <Button type="submit" size="sm" loading={isLoading} className="mb-0.5">
        {t('info.save')}
      </Button>
    </form>
  );
}

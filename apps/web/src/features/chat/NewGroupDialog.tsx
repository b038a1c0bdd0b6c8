/**
 * "New group": a name, an optional photo and the friends to talk with (3 to 100 people, counting oneself);
 * creates the group, then opens it.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { GROUP_CHAT } from '@plaza/contract';
import { Camera, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { CloseButton } from '../../components/CloseButton';
import { errorText } from '../../lib/error-text';
import { withSniffedType } from '../../lib/media-sniff';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { FriendChecklist } from './FriendChecklist';
import { useCreateGroupMutation, useUploadGroupPhotoMutation, type GroupSummary } from './group-api';
import { GroupAvatar } from './GroupAvatar';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

export const GROUP_PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** A picked photo, or why it cannot be one. */
export async function checkGroupPhoto(chosen: File): Promise<File | string> {
  const file = await withSniffedType(chosen);
  if (!GROUP_PHOTO_TYPES.split(',').includes(file.type)) return i18next.t('chat:photo.notImage', { name: file.name });
  if (file.size > GROUP_CHAT.photoBytes) return i18next.t('chat:photo.tooLarge', { mb: GROUP_CHAT.photoBytes / 1024 / 1024 });
  return file;
}

interface NewGroupDialogProps {
  open: boolean;
  me: string;
  onClose: () => void;
  onCreated: (group: GroupSummary) => void;
}

export function NewGroupDialog({ open, me, onClose, onCreated }: NewGroupDialogProps) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [createGroup, { isLoading: creating }] = useCreateGroupMutation();
  const [uploadPhoto, { isLoading: uploading }] = useUploadGroupPhotoMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const busy = creating || uploading;
  const people = picked.length + 1;
  const full = people >= GROUP_CHAT.maxMembers;
  const enough = people >= GROUP_CHAT.minMembers;

  const reset = () => {
    setName('');
    setPicked([]);
    setPhoto(null);
    setError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const toggle = (friend: ChatUser) =>
    setPicked((now) => (now.some((p) => p._id === friend._id) ? now.filter((p) => p._id !== friend._id) : [...now, friend]));

  async function pickPhoto(chosen: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!chosen) return;
    const checked = await checkGroupPhoto(chosen);
    if (typeof checked === 'string') return toast.error(checked);
    setPhoto({ file: checked, url: URL.createObjectURL(checked) });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(t('create.nameMissing'));
    if (!enough) return setError(`Choose at least ${GROUP_CHAT.minMembers - 1} friends`);
    setError(null);
    let group: GroupSummary;
    try {
      group = await createGroup({ name: name.trim(), memberIds: picked.map((p) => p._id), me }).unwrap();
    } catch (failure) {
      return setError(errorText(failure, t('create.failed')));
    }
    if (photo) {
      try {
        group = await uploadPhoto({ id: group._id, file: photo.file, me }).unwrap();
      } catch (failure) {
        toast.error(errorText(failure, t('create.photoFailed')));
      }
    }
    reset();
    onCreated(group);
  }

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[6vh]">
        <DialogPanel className="card flex max-h-[88vh] w-full max-w-md flex-col overflow-hidden">
          <form onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-1 flex-col" noValidate>
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
              <DialogTitle className="text-lg font-semibold">{t('list.newGroup')}</DialogTitle>
              <CloseButton onClick={close} />
            </div>
            <div className="flex min-h-0 flex-1 flex-col gap-4 px-5 pt-4">
              <div className="flex items-center gap-3">
                <button
                  type="button"
                  onClick={() => fileRef.current?.click()}
                  aria-label={photo ? t('create.changePhoto') : t('create.addPhoto')}
                  className="group relative shrink-0 rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-primary"
                >
                  {photo ? (
                    <img src={photo.url} alt="" className="h-16 w-16 rounded-2xl object-cover" />
                  ) : (
                    <GroupAvatar
                      id={name || 'new'}
                      name={name || t('create.group')}
                      photo={null}
                      memberNames={picked.map(displayName)}
                      size="lg"
                      decorative
                    />
                  )}
                  <span className="absolute -end-1 -bottom-1 inline-flex h-7 w-7 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-600">
                    <Camera className="h-4 w-4" aria-hidden />
                  </span>
                </button>
                <input
                  ref={fileRef}
                  type="file"
                  accept={GROUP_PHOTO_TYPES}
                  className="hidden"
                  tabIndex={-1}
                  aria-hidden
                  onChange={(e) => void pickPhoto(e.target.files?.[0])}
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={nameId} className="mb-1 block text-sm font-semibold">
                    {t('info.groupName')}
                  </label>
                  <input
                    id={nameId}
                    autoFocus
                    value={name}
                    maxLength={GROUP_CHAT.nameMaxLength}
                    onChange={(e) => setName(e.target.value)}
                    placeholder={t('create.namePlaceholder')}
                    className="input"
                  />
                </div>
                {photo && (
                  <button
                    type="button"
                    onClick={() => setPhoto(null)}
                    aria-label={t('create.removePhoto')}
                    className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-700"
                  >
                    <X className="h-4 w-4" />
                  </button>
                )}
              </div>
              <div className="flex min-h-0 flex-1 flex-col">
                <p className="mb-2 flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold">{t('create.addFriends')}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
                    {t('create.peopleOf', { n: people, max: GROUP_CHAT.maxMembers })}
                  </span>
                </p>
                {picked.length > 0 && (
                  <ul aria-label={t('create.chosen')} className="mb-2 flex flex-wrap gap-1.5">
                    {picked.map((p) => (
                      <li key={p._id}>
                        <button
                          type="button"
                          onClick={() => toggle(p)}
                          aria-label={t('info.removeName', { name: displayName(p) })}
                          className="inline-flex items-center gap-1 rounded-full bg-brand-primary/10 px-2.5 py-1 text-xs font-semibold text-brand-primary hover:bg-brand-primary/20 dark:bg-brand-primary/25 dark:text-indigo-200"
                        >
                          {displayName(p)} <X className="h-3 w-3" aria-hidden />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex h-64 min-h-0 flex-col sm:h-72">
                  <FriendChecklist picked={picked} onToggle={toggle} full={full} />
                </div>
              </div>
            </div>
            <div className="space-y-2 border-t border-slate-200 px-5 py-4 dark:border-slate-700/70">
              {error && (
                <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
                  {error}
                </p>
              )}
              <div className="flex items-center justify-between gap-3">
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {enough ? t('create.addLater') : t('create.chooseAtLeast', { count: GROUP_CHAT.minMembers - 1 })}
                </p>
                <Button type="submit" loading={busy} disabled={!name.trim() || !enough}>
                  {t('create.submit')}
                </Button>
              </div>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

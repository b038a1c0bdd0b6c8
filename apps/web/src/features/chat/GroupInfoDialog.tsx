/**
 * Group info: the members (admins remove people and add friends), rename, the photo, mute, and leaving the
 * group after a question that says what happens.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { GROUP_CHAT } from '@plaza/contract';
import { Bell, BellOff, Camera, LogOut, Pencil, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { CloseButton } from '../../components/CloseButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/error-text';
import type { ChatUser, Presence } from './chat-model';
import { displayName } from './ConversationRow';
import { FriendChecklist } from './FriendChecklist';
import {
  useAddGroupMembersMutation,
  useMuteGroupMutation,
  useRemoveGroupMemberMutation,
  useRemoveGroupPhotoMutation,
  useRenameGroupMutation,
  useUploadGroupPhotoMutation,
  type GroupSummary,
} from './group-api';
import { membersLine } from './group-texts';
import { GroupAvatar } from './GroupAvatar';
import { checkGroupPhoto, GROUP_PHOTO_TYPES } from './NewGroupDialog';
import { useTranslation } from 'react-i18next';

interface GroupInfoDialogProps {
  open: boolean;
  onClose: () => void;
  me: { _id: string };
  group: GroupSummary;
  presence: Presence;
}

const rowButton =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-700/50';

export function GroupInfoDialog({ open, onClose, me, group, presence }: GroupInfoDialogProps) {
  const [view, setView] = useState<'info' | 'add'>('info');
  const close = () => {
    setView('info');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[6vh]">
        <DialogPanel className="card flex max-h-[88vh] w-full max-w-md flex-col overflow-hidden">
          {view === 'info' ? (
            <GroupInfo me={me} group={group} presence={presence} onClose={close} onAdd={() => setView('add')} />
          ) : (
            <AddPeople me={me} group={group} onDone={() => setView('info')} />
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function GroupInfo({
  me,
  group,
  presence,
  onClose,
  onAdd,
}: {
  me: { _id: string };
  group: GroupSummary;
  presence: Presence;
  onClose: () => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('chat');
  const admin = group.admins.includes(me._id);
  const others = group.members.filter((m) => m._id !== me._id);
  const online = others.filter((m) => presence.online.includes(m._id)).length;
  const [renaming, setRenaming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [removing, setRemoving] = useState<ChatUser | null>(null);
  const [mute, { isLoading: muting }] = useMuteGroupMutation();
  const [remove, { isLoading: removingNow }] = useRemoveGroupMemberMutation();
  const [upload, { isLoading: uploading }] = useUploadGroupPhotoMutation();
  const [removePhoto, { isLoading: removingPhoto }] = useRemoveGroupPhotoMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  // Admins first, then by name; oneself first of all.
  const members = [...group.members].sort(
    (a, b) =>
      Number(b._id === me._id) - Number(a._id === me._id) ||
      Number(group.admins.includes(b._id)) - Number(group.admins.includes(a._id)) ||
      displayName(a).localeCompare(displayName(b)),
  );

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

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove({ id: group._id, userId: removing._id, me: me._id }).unwrap();
      toast.success(`${displayName(removing)} was removed from the group`);
    } catch (failure) {
      toast.error(errorText(failure, t('info.removeFailed')));
    }
    setRemoving(null);
  }

  async function confirmLeave() {
    try {
      await remove({ id: group._id, userId: me._id, me: me._id }).unwrap();
      setLeaving(false);
      onClose();
    } catch (failure) {
      toast.error(errorText(failure, t('info.leaveFailed')));
      setLeaving(false);
    }
  }

  async function toggleMute() {
    try {
      const muted = await mute({ id: group._id, muted: !group.muted, me: me._id }).unwrap();
      toast.success(muted ? t('info.muted') : t('info.unmuted'));
    } catch (failure) {
      toast.error(errorText(failure, t('info.failed')));
    }
  }

  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <DialogTitle className="text-lg font-semibold">{t('group.info')}</DialogTitle>
        <CloseButton onClick={onClose} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
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
          {admin && (
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
          )}
        </div>

        <div className="mt-4 space-y-0.5 border-t border-slate-200 pt-3 dark:border-slate-700/70">
          <button type="button" onClick={() => void toggleMute()} disabled={muting} aria-pressed={group.muted} className={rowButton}>
            {group.muted ? (
              <Bell className="h-5 w-5 text-brand-primary" aria-hidden />
            ) : (
              <BellOff className="h-5 w-5 text-brand-primary" aria-hidden />
            )}
            {group.muted ? t('info.unmute') : t('info.mute')}
          </button>
          {admin && group.members.length < GROUP_CHAT.maxMembers && (
            <button type="button" onClick={onAdd} className={rowButton}>
              <UserPlus className="h-5 w-5 text-brand-primary" aria-hidden /> {t('info.addPeople')}
            </button>
          )}
        </div>

        <h3 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{t('info.members')}</h3>
        <ul aria-label={t('info.members')} className="space-y-0.5">
          {members.map((m) => {
            const name = displayName(m);
            return (
              <li key={m._id} className="flex items-center gap-3 rounded-xl px-3 py-2">
                <Avatar name={name} id={m._id} src={m.userImage} size="sm" decorative />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">
                    {name}
                    {m._id === me._id && <span className="font-normal text-slate-600 dark:text-slate-400"> {t('info.you')}</span>}
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                    {group.admins.includes(m._id) ? t('info.admin') : `@${m.userName}`}
                    {m._id !== me._id && presence.online.includes(m._id) ? ` · ${t('conversation.online')}` : ''}
                  </span>
                </span>
                {admin && m._id !== me._id && (
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(m)} aria-label={t('info.removeName', { name })}>
                    {t('info.remove')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>

        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700/70">
          <button type="button" onClick={() => setLeaving(true)} className={`${rowButton} text-rose-600 dark:text-rose-400`}>
            <LogOut className="h-5 w-5" aria-hidden /> {t('info.leave')}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={leaving}
        title={t('info.leaveTitle', { name: group.name })}
        confirmLabel={t('info.leave')}
        busy={removingNow}
        onConfirm={() => void confirmLeave()}
        onClose={() => setLeaving(false)}
      >
        {t('info.leaveText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('info.removeTitle', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('info.remove')}
        busy={removingNow}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {t('info.removeText')}
      </ConfirmDialog>
    </>
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
      <div className="min-w-0 flex-1 text-start">
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {t('info.groupName')}
        </label>
        <input
          id={id}
          autoFocus
          value={name}
          maxLength={GROUP_CHAT.nameMaxLength}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onDone())}
          className="input"
        />
      </div>
      <Button type="submit" size="sm" loading={isLoading} className="mb-0.5">
        {t('info.save')}
      </Button>
    </form>
  );
}

function AddPeople({ me, group, onDone }: { me: { _id: string }; group: GroupSummary; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [add, { isLoading }] = useAddGroupMembersMutation();
  const already = new Set(group.members.map((m) => m._id));
  const full = group.members.length + picked.length >= GROUP_CHAT.maxMembers;
  const toggle = (friend: ChatUser) =>
    setPicked((now) => (now.some((p) => p._id === friend._id) ? now.filter((p) => p._id !== friend._id) : [...now, friend]));
  async function submit() {
    try {
      await add({ id: group._id, userIds: picked.map((p) => p._id), me: me._id }).unwrap();
      toast.success(picked.length === 1 ? t('info.addedOne', { name: displayName(picked[0]) }) : t('info.added', { count: picked.length }));
      onDone();
    } catch (failure) {
      toast.error(errorText(failure, t('info.addFailed')));
    }
  }
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <DialogTitle className="text-lg font-semibold">{t('info.addPeople')}</DialogTitle>
        <CloseButton onClick={onDone} />
      </div>
      <div className="flex h-80 min-h-0 flex-col px-5 pt-4">
        <FriendChecklist picked={picked} onToggle={toggle} already={already} full={full} />
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-4 dark:border-slate-700/70">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('info.peopleOf', { n: group.members.length + picked.length, max: GROUP_CHAT.maxMembers })}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onDone}>
            {t('back')}
          </Button>
          <Button onClick={() => void submit()} loading={isLoading} disabled={picked.length === 0}>
            {t('info.add')}
          </Button>
        </div>
      </div>
    </>
  );
}

/**
 * "New group": a name, an optional photo and the friends to talk with (3 to 100 people, counting oneself);
 * creates the group, then opens it.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { GROUP_CHAT } from '@plaza/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { CloseButton } from '../../components/CloseButton';
import { errorText } from '../../lib/error-text';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { useCreateGroupMutation, useUploadGroupPhotoMutation, type GroupSummary } from './group-api';
import { CreateGroupFooter, MembersToPick, NameAndPhoto, type PickedPhoto } from './NewGroupFields';
import { useTranslation } from 'react-i18next';

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
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [createGroup, { isLoading: creating }] = useCreateGroupMutation();
  const [uploadPhoto, { isLoading: uploading }] = useUploadGroupPhotoMutation();
  const busy = creating || uploading;
  const people = picked.length + 1;
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
              <NameAndPhoto name={name} setName={setName} photo={photo} setPhoto={setPhoto} memberNames={picked.map(displayName)} />
              <MembersToPick picked={picked} onToggle={toggle} />
            </div>
            <CreateGroupFooter error={error} enough={enough} busy={busy} canSubmit={name.trim() !== '' && enough} />
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

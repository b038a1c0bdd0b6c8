/** The parts of "New group": its name and photo, the friends to add, and the foot with what is missing and the button. */
import { GROUP_CHAT } from '@plaza/contract';
import { Camera, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { toast } from '../../lib/toast';
import type { ChatUser } from './chat-model';
import { displayName } from './ConversationRow';
import { GroupNameField } from './GroupNameField';
import { FriendChecklist } from './FriendChecklist';
import { GroupAvatar } from './GroupAvatar';
import { checkGroupPhoto, GROUP_PHOTO_TYPES } from './group-photo';

export interface PickedPhoto {
  file: File;
  url: string;
}

interface NameAndPhotoProps {
  name: string;
  setName: (name: string) => void;
  photo: PickedPhoto | null;
  setPhoto: (photo: PickedPhoto | null) => void;
  /** The names of the friends picked so far, drawn on the picture until a photo is chosen. */
  memberNames: string[];
}

export function NameAndPhoto({ name, setName, photo, setPhoto, memberNames }: NameAndPhotoProps) {
  const { t } = useTranslation('chat');
  const fileRef = useRef<HTMLInputElement>(null);
  const nameId = useId();

  async function pickPhoto(chosen: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!chosen) return;
    const checked = await checkGroupPhoto(chosen);
    if (typeof checked === 'string') return toast.error(checked);
    setPhoto({ file: checked, url: URL.createObjectURL(checked) });
  }

  return (
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
          <GroupAvatar id={name || 'new'} name={name || t('create.group')} photo={null} memberNames={memberNames} size="lg" decorative />
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
      <GroupNameField id={nameId} value={name} onChange={setName} placeholder={t('create.namePlaceholder')} />
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
  );
}

/** The friends to add, those chosen first as chips that take them off again; up to the group's size. */
export function MembersToPick({ picked, onToggle }: { picked: ChatUser[]; onToggle: (friend: ChatUser) => void }) {
  const { t } = useTranslation('chat');
  const people = picked.length + 1;
  const full = people >= GROUP_CHAT.maxMembers;
  return (
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
                onClick={() => onToggle(p)}
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
        <FriendChecklist picked={picked} onToggle={onToggle} full={full} />
      </div>
    </div>
  );
}

interface FooterProps {
  error: string | null;
  /** Enough people chosen for a group. */
  enough: boolean;
  busy: boolean;
  canSubmit: boolean;
}

export function CreateGroupFooter({ error, enough, busy, canSubmit }: FooterProps) {
  const { t } = useTranslation('chat');
  return (
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
        <Button type="submit" loading={busy} disabled={!canSubmit}>
          {t('create.submit')}
        </Button>
      </div>
    </div>
  );
}

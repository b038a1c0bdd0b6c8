/**
 * The "⋯" menu on someone else's post, comment, profile or chat: report it, mute or block its author.
 * Blocking asks first, since it ends a friendship; muting is silent and undone from the same menu.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '../../components/Menu';
import type { PublicUser } from '@plaza/contract';
import { Ban, Flag, MoreHorizontal, Volume2, VolumeX } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { lazyDialog } from '../../components/lazy-dialog';
import { errorText } from '../../lib/error-text';
import { useRelationQuery, useSetBlockedMutation, useSetMutedMutation } from './api';
import type { ReportTarget } from './ReportDialog';
import { useTranslation } from 'react-i18next';

const ReportDialog = lazyDialog(() => import('./ReportDialog').then((m) => m.ReportDialog));

const item = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700';

const REPORT_LABEL = {
  post: 'safetyMenu.reportPost',
  comment: 'safetyMenu.reportComment',
  story: 'safetyMenu.reportStory',
  message: 'safetyMenu.reportMessage',
  user: 'safetyMenu.reportUser',
} as const satisfies Record<ReportTarget['type'], string>;

interface SafetyMenuProps {
  person: Pick<PublicUser, '_id' | 'userName'>;
  /** What "Report" reports; the person themselves when absent. */
  target?: ReportTarget;
  label: string;
  /** Button look: a small round icon (default) or a larger one for headers. */
  size?: 'sm' | 'md';
  onBlocked?: () => void;
}

/** The items, mounted only while the menu is open, so the relation is asked for only then. */
function Items({ person, target, onReport, onBlock }: SafetyMenuProps & { onReport: () => void; onBlock: () => void }) {
  const { t } = useTranslation('posts');
  const name = { name: person.userName };
  const relation = useRelationQuery(person._id);
  const [setMuted] = useSetMutedMutation();
  const [setBlocked] = useSetBlockedMutation();
  const muted = relation.data?.muted ?? false;
  const blocked = relation.data?.blocked ?? false;

  async function toggleMute() {
    const result = await setMuted({ userId: person._id, muted: !muted });
    if ('error' in result) toast.error(errorText(result.error, t('safetyMenu.failed')));
    else toast.success(t(muted ? 'safetyMenu.unmuted' : 'safetyMenu.muted', name));
  }

  async function unblock() {
    const result = await setBlocked({ userId: person._id, blocked: false });
    if ('error' in result) toast.error(errorText(result.error, t('safetyMenu.failed')));
    else toast.success(t('safetyMenu.unblocked', name));
  }

  return (
    <>
      <MenuItem>
        <button onClick={onReport} className={item}>
          <Flag className="h-4 w-4" /> {t(REPORT_LABEL[target?.type ?? 'user'])}
        </button>
      </MenuItem>
      <MenuItem>
        <button onClick={() => void toggleMute()} className={item}>
          {muted ? <Volume2 className="h-4 w-4" /> : <VolumeX className="h-4 w-4" />}{' '}
          {t(muted ? 'safetyMenu.unmute' : 'safetyMenu.mute', name)}
        </button>
      </MenuItem>
      <MenuItem>
        <button onClick={blocked ? () => void unblock() : onBlock} className={`${item} text-rose-600 dark:text-rose-400`}>
          <Ban className="h-4 w-4" /> {t(blocked ? 'safetyMenu.unblock' : 'safetyMenu.block', name)}
        </button>
      </MenuItem>
    </>
  );
}

export function SafetyMenu(props: SafetyMenuProps) {
  const { person, target, label, size = 'sm', onBlocked } = props;
  const { t } = useTranslation('posts');
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [setBlocked, { isLoading: blocking }] = useSetBlockedMutation();

  async function block() {
    const result = await setBlocked({ userId: person._id, blocked: true });
    if ('error' in result) {
      toast.error(errorText(result.error, t('safetyMenu.failed')));
      return;
    }
    setConfirming(false);
    toast.success(t('safetyMenu.blocked', { name: person.userName }));
    onBlocked?.();
  }

  return (
    <>
      <Menu className="relative">
        <MenuButton
          aria-label={label}
          className={`rounded-full text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${size === 'md' ? 'p-3 sm:p-2.5' : 'p-3 sm:p-2'}`}
        >
          <MoreHorizontal className="h-5 w-5" />
        </MenuButton>
        <MenuItems className="card z-40 mt-1 w-56 p-1.5 focus:outline-none">
          <Items {...props} onReport={() => setReporting(target ?? { type: 'user', id: person._id })} onBlock={() => setConfirming(true)} />
        </MenuItems>
      </Menu>
      {/* Mounted while open only: a feed renders a menu on every post, and closed dialogs still cost a render. */}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog target={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
      {confirming && (
        <ConfirmDialog
          open
          title={t('safetyMenu.blockTitle', { name: person.userName })}
          confirmLabel={t('safetyMenu.blockConfirm')}
          busy={blocking}
          onConfirm={() => void block()}
          onClose={() => setConfirming(false)}
        >
          {t('safetyMenu.blockText')}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The connection button(s) for one person, by status: Add friend / Cancel request / Accept + Decline /
 * a Friends menu with Remove friend (confirmed). Used by network cards, suggestions and profiles alike;
 * each passes the status its cached list holds, which a change rewrites everywhere at once.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '../../components/Menu';
import type { ConnectionStatus } from '@plaza/contract';
import { Check, ChevronDown, Clock, RotateCw, UserCheck, UserMinus, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ConfirmRemoveDialog } from './ConfirmRemoveDialog';
import { MessageButton } from './MessageButton';
import type { ClientConnectionStatus } from './statuses';
import { useConnectionAction } from './useConnectionAction';

export interface ConnectionActionsProps {
  user: { _id: string; fullName: string; userName?: string; userImage?: string | null; userBio?: string | null };
  /** What the cached list or profile holding this person says. */
  status: ConnectionStatus;
  size?: 'sm' | 'md';
  /** Buttons share the full width (cards) instead of sitting at their natural size. */
  stretch?: boolean;
}

export function ConnectionActions({ user, status: cached, size = 'sm', stretch = false }: ConnectionActionsProps) {
  const { t } = useTranslation('feed');
  const { act, busy, checking, checkFailed, recheck } = useConnectionAction(user._id);
  const [confirming, setConfirming] = useState(false);
  const grow = stretch ? 'flex-1' : '';
  const status: ClientConnectionStatus = checking ? 'loading' : checkFailed ? 'error' : cached;

  switch (status) {
    case 'loading':
      return (
        <Button size={size} variant="secondary" loading className={grow}>
          {t('connection.checking')}
        </Button>
      );
    case 'error':
      return (
        <Button size={size} variant="secondary" className={grow} onClick={recheck} title={t('connection.errors.status')}>
          <RotateCw className="h-4 w-4" /> {t('connection.retry')}
        </Button>
      );
    case 'request_sent':
      return (
        <Button size={size} variant="secondary" className={grow} loading={busy} onClick={() => void act('cancel')}>
          {!busy && <Clock className="h-4 w-4" />} {t('connection.cancelRequest')}
        </Button>
      );
    case 'request_received':
      return (
        <div className={`flex gap-2 ${stretch ? 'w-full' : ''}`}>
          <Button size={size} className={grow} onClick={() => void act('accept')}>
            <Check className="h-4 w-4" /> {t('connection.accept')}
          </Button>
          <Button size={size} variant="secondary" className={grow} onClick={() => void act('decline')}>
            <X className="h-4 w-4" /> {t('connection.decline')}
          </Button>
        </div>
      );
    case 'friends':
      return (
        <div className={`flex gap-2 ${stretch ? 'w-full' : ''}`}>
          {user.userName && <MessageButton user={{ ...user, userName: user.userName }} size={size} className={grow} />}
          <Menu className={`relative ${grow}`}>
            <MenuButton
              disabled={busy}
              className={`inline-flex w-full items-center justify-center gap-2 rounded-xl bg-emerald-50 font-semibold text-emerald-700 ring-1 ring-emerald-200 transition hover:bg-emerald-100 disabled:opacity-70 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-900 dark:hover:bg-emerald-900/60 ${size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2.5 text-sm'}`}
            >
              <UserCheck className="h-4 w-4" /> {t('connection.friends')} <ChevronDown className="h-4 w-4 opacity-70" />
            </MenuButton>
            <MenuItems className="card z-50 mt-1 w-48 p-1.5 focus:outline-none">
              <MenuItem>
                <button
                  onClick={() => setConfirming(true)}
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-rose-600 data-focus:bg-rose-50 dark:text-rose-400 dark:data-focus:bg-rose-950/50"
                >
                  <UserMinus className="h-4 w-4" /> {t('connection.removeFriend')}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
          <ConfirmRemoveDialog
            open={confirming}
            name={user.fullName}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void act('remove');
            }}
          />
        </div>
      );
    default:
      return (
        <Button size={size} className={grow} loading={busy} onClick={() => void act('send')}>
          {!busy && <UserPlus className="h-4 w-4" />} {t('connection.addFriend')}
        </Button>
      );
  }
}

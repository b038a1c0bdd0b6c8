/**
 * A conversation's address: `/chat/<userName>` for one person, `/chat/g/<id>` kept for groups. The address
 * decides which conversation is open, so a reload, a shared link and Back land on the same one.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { ArrowLeft, UserX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { profileApi } from '../profile';
import { toChatUser, type ChatUser, type ConversationSummary } from './chat-model';
import { useTranslation } from 'react-i18next';

export type AddressedPartner =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'user'; user: ChatUser } | { kind: 'unknown'; group: boolean; name: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Who the address names: from the conversations, the person handed over by "Message", or the server. */
export function useAddressedPartner(me: { userName: string }, conversations: ConversationSummary[], loaded: boolean): AddressedPartner {
  const { userName, groupId } = useParams();
  const location = useLocation();
  const handed = (location.state as { openWith?: ChatUser } | null)?.openWith;
  const known =
    (userName && conversations.find((c) => same(c.user.userName, userName))?.user) ||
    (userName && handed && same(handed.userName, userName) ? handed : undefined);
  const isMe = Boolean(userName && same(userName, me.userName));
  // Someone never written to is not in the list: the profile call says who they are, or that nobody is.
  const lookup = profileApi.useVisitedProfileQuery(userName && !known && !isMe && loaded ? { authUser: me.userName, userName } : skipToken);
  const found = lookup.currentData?.user;
  const failed = lookup.isError;

  return useMemo((): AddressedPartner => {
    if (groupId !== undefined) return { kind: 'unknown', group: true, name: groupId };
    if (!userName) return { kind: 'none' };
    if (known) return { kind: 'user', user: toChatUser(known) };
    if (isMe) return { kind: 'unknown', group: false, name: userName };
    if (found) return { kind: 'user', user: toChatUser(found) };
    return failed ? { kind: 'unknown', group: false, name: userName } : { kind: 'loading' };
  }, [groupId, userName, known, isMe, found, failed]);
}

/** The conversation panel for an address that leads nowhere: said plainly, with the way back to the list. */
export function UnknownConversation({
  target,
  onBack,
}: {
  target: Extract<AddressedPartner, { kind: 'unknown' }>;
  onBack: (() => void) | null;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      role="status"
      className="flex h-full flex-col items-center justify-center gap-3 bg-slate-50/70 px-6 text-center dark:bg-slate-900/40"
    >
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary dark:text-indigo-300">
        <UserX className="h-10 w-10" aria-hidden="true" />
      </div>
      <h2 className="text-xl font-bold">{target.group ? t('address.noGroup') : t('address.noOne')}</h2>
      <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">
        {target.group ? t('address.noGroupHint') : t('address.noOneHint', { name: target.name })}
      </p>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-2 rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('address.back')}
        </button>
      ) : (
        <Link to="/chat" className="rounded-xl bg-brand-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover">
          {t('address.back')}
        </Link>
      )}
    </div>
  );
}

/**
 * The chat screen (product.md § Chat): 'Conversations' on the left, the open conversation on the right;
 * under 768 px one of the two at a time.
 */
import type { SelfUser } from '@plaza/contract';
import './chat-catalog';
import { WifiOff } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { OFFLINE_TEXT, useConnectivity, useConnectivityLineClaim } from '../../lib/connectivity';
import { useChatConversationsQuery } from './api';
import { useChatPresence } from './presence-api';
import { chatPath, groupChatPath, toChatUser, type ChatUser, type ConversationSummary } from './chat-model';
import { useAddressedPartner, type AddressedPartner } from './chat-address';
import { conversationClosed, conversationOpened, groupOpened } from './chatSlice';
import { useAddressedGroup } from './group-address';
import { useChatGroups, type GroupSummary } from './group-api';
import { useGroupTyping } from './group-typing';
import { OpenConversation } from './OpenConversation';
import { displayName } from './ConversationRow';
import { useDocumentTitle } from '../../lib/document-title';
import { ConversationList } from './ConversationList';
import { useIsMobile } from './hooks';
import { useChatSocket } from './useChatSocket';

const NO_CONVERSATIONS: ConversationSummary[] = [];
const NO_GROUPS: GroupSummary[] = [];

export default function ChatPage() {
  const me = useAppSelector((s) => s.auth.userDetails);
  if (!me) return null;
  return <ChatScreen me={me} />;
}

function ChatScreen({ me }: { me: SelfUser }) {
  const { t } = useTranslation('chat');
  const socket = useChatSocket(me);
  const selected = useAppSelector((s) => s.chat.openUser);
  const notice = useChatNotice();
  const isMobile = useIsMobile();
  // Held for the whole screen, so the list and the conversation read one live copy.
  // Loaded once is loaded: a refresh that fails offline keeps the list it had, and the open conversation with it.
  const { data: conversations = NO_CONVERSATIONS, isError } = useChatConversationsQuery(me._id);
  const conversationsLoaded = conversations !== NO_CONVERSATIONS || isError;
  const presence = useChatPresence(me._id);
  const groups = useChatGroups(me._id) ?? NO_GROUPS;
  const groupTyping = useGroupTyping(me._id);
  const { groupId } = useParams();
  const group = useAddressedGroup(groupId, groups);

  // The address names the open conversation (/chat/<userName>), so reload, links and Back all work.
  const target = useAddressedPartner(me, conversations, conversationsLoaded);
  const openGroup = group.kind === 'group' ? group.group : null;
  const openGroupId = openGroup?._id ?? null;
  useOpenInStore(target, selected, openGroupId);
  useDocumentTitle(
    openGroup
      ? t('page.groupTitle', { name: openGroup.name })
      : target.kind === 'user'
        ? t('page.userTitle', { name: displayName(target.user) })
        : target.kind === 'loading' || group.kind === 'loading'
          ? null
          : t('page.title'),
  );

  const { open, openGroupById, back } = useChatNavigation(target, selected?._id, openGroupId);

  const selectedShown = target.kind === 'user' ? target.user : null;
  const addressed = target.kind !== 'none';
  const showList = !isMobile || !addressed;
  const showConversation = !isMobile || addressed;

  return (
    // On a phone the chat is the screen between the navbar and the tab bar: no card margins, no band below it.
    <div className="fixed inset-x-0 top-16 bottom-14 z-10 flex flex-col overflow-hidden bg-white md:static md:mx-auto md:card md:h-[calc(100dvh-6rem)] md:max-w-6xl dark:bg-brand-surface-dark">
      <h1 className="sr-only">{t('page.title')}</h1>
      {/* One notice at a time: being offline first, else the socket's own trouble. */}
      {notice && <ConnectionNotice notice={notice} />}
      <div className="flex min-h-0 flex-1">
        {showList && (
          <aside
            aria-label={t('list.heading')}
            className="flex min-h-0 w-full flex-col border-slate-200 md:w-80 md:shrink-0 md:border-e lg:w-96 dark:border-slate-700/70"
          >
            <ConversationList
              meId={me._id}
              conversations={conversations}
              presence={presence}
              selectedId={selectedShown?._id ?? null}
              onSelect={open}
              groups={groups}
              groupTyping={groupTyping}
              selectedGroupId={openGroupId}
              onSelectGroup={openGroupById}
            />
          </aside>
        )}
        {showConversation && (
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            <OpenConversation
              me={me}
              openGroup={openGroup}
              groupLoading={group.kind === 'loading'}
              target={target}
              conversations={conversations}
              presence={presence}
              groupTyping={groupTyping}
              socket={socket}
              isMobile={isMobile}
              onBack={back}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** Moving between conversations by address: from the list, from a hand-over, and back to the list. */
function useChatNavigation(target: AddressedPartner, selectedId: string | undefined, openGroupId: string | null) {
  const navigate = useNavigate();
  const location = useLocation();
  // Opening a conversation shows that person's history, which loads with the conversation panel (product.md § Chat).
  const open = useCallback(
    (user: ChatUser) => {
      if (user._id === selectedId) return;
      void navigate(chatPath(user.userName), { state: { openWith: toChatUser(user), fromList: true } });
    },
    [navigate, selectedId],
  );
  const openGroupById = useCallback(
    (id: string) => {
      if (id === openGroupId) return;
      void navigate(groupChatPath(id), { state: { fromList: true } });
    },
    [navigate, openGroupId],
  );

  // "Message" and chat toasts hand the person over on /chat: move to their address, in place.
  const handed = (location.state as { openWith?: ChatUser } | null)?.openWith;
  useEffect(() => {
    if (handed && target.kind === 'none') void navigate(chatPath(handed.userName), { replace: true, state: { openWith: handed } });
  }, [handed, target.kind, navigate]);

  // Back to the list: the entry before this one when it was the list's, a new one otherwise.
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const back = useCallback(() => {
    if (fromList) void navigate(-1);
    else void navigate('/chat');
  }, [navigate, fromList]);
  return { open, openGroupById, back };
}

/** The open conversation is the store's too (what alerts and counts read), kept in step with the address. */
function useOpenInStore(target: AddressedPartner, selected: ChatUser | null, openGroupId: string | null) {
  const dispatch = useAppDispatch();
  useEffect(
    () => () => {
      dispatch(conversationClosed());
    },
    [dispatch],
  );
  useEffect(() => {
    if (target.kind === 'user' && target.user._id !== selected?._id) dispatch(conversationOpened(target.user));
    if (target.kind !== 'user' && selected) dispatch(conversationClosed());
  }, [target, selected, dispatch]);
  useEffect(() => {
    dispatch(groupOpened(openGroupId));
  }, [openGroupId, dispatch]);
  useEffect(() => () => void dispatch(groupOpened(null)), [dispatch]);
}

/** Being offline first, else the socket's own trouble; offline is told in a line of the chat's own, above its header, rather than over it. */
function useChatNotice(): string | null {
  const connectionError = useAppSelector((s) => s.chat.connectionError);
  const reconnectNotice = useAppSelector((s) => s.chat.reconnectNotice);
  const connectivity = useConnectivity();
  useConnectivityLineClaim();
  return connectivity === 'online' ? (reconnectNotice ?? connectionError) : OFFLINE_TEXT[connectivity];
}

function ConnectionNotice({ notice }: { notice: string }) {
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs font-medium text-amber-800 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
      <span>{notice}</span>
    </div>
  );
}

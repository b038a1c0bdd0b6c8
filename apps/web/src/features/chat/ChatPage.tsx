/**
 * The chat screen (SPEC §2 "Chat screen"): 'Conversations' on the left, the open conversation on the right;
 * under 768 px one of the two at a time.
 */
import type { SelfUser } from '@plaza/contract';
import { MessagesSquare, WifiOff } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useConnectivity } from '../../lib/connectivity';
import { useChatConversationsQuery } from './api';
import { useChatPresence } from './presence-api';
import { ChatConversation } from './ChatConversation';
import type { ChatUser, ConversationSummary } from './chat-model';
import { conversationClosed, conversationOpened } from './chatSlice';
import { ConversationList } from './ConversationList';
import { useIsMobile } from './hooks';
import { useChatSocket } from './useChatSocket';

const NO_CONVERSATIONS: ConversationSummary[] = [];

export default function ChatPage() {
  const me = useAppSelector((s) => s.auth.userDetails);
  if (!me) return null;
  return <ChatScreen me={me} />;
}

function ChatScreen({ me }: { me: SelfUser }) {
  const dispatch = useAppDispatch();
  const socket = useChatSocket(me);
  const selected = useAppSelector((s) => s.chat.openUser);
  const connectionError = useAppSelector((s) => s.chat.connectionError);
  const reconnectNotice = useAppSelector((s) => s.chat.reconnectNotice);
  const connectivity = useConnectivity();
  const isMobile = useIsMobile();
  // Held for the whole screen, so the list and the conversation read one live copy.
  const { data: conversations = NO_CONVERSATIONS } = useChatConversationsQuery(me._id);
  const presence = useChatPresence(me._id);

  useEffect(
    () => () => {
      dispatch(conversationClosed());
    },
    [dispatch],
  );

  // Opening a conversation shows that person's history, which loads with the conversation panel (SPEC §4).
  const open = useCallback(
    (user: ChatUser) => {
      if (user._id !== selected?._id) dispatch(conversationOpened(user));
    },
    [dispatch, selected?._id],
  );

  // "Message" on a profile or card arrives here with the person to open.
  const location = useLocation();
  const navigate = useNavigate();
  const openWith = (location.state as { openWith?: ChatUser } | null)?.openWith;
  useEffect(() => {
    if (!openWith) return;
    open(openWith);
    void navigate('.', { replace: true, state: null });
  }, [openWith, open, navigate]);

  const back = useCallback(() => {
    dispatch(conversationClosed());
  }, [dispatch]);

  const showList = !isMobile || !selected;
  const showConversation = !isMobile || Boolean(selected);

  return (
    <div className="card mx-auto flex h-[calc(100dvh-11rem)] max-w-6xl flex-col overflow-hidden md:h-[calc(100dvh-7.5rem)]">
      <h1 className="sr-only">Chat</h1>
      {/* One notice at a time, and none while the app-wide offline line already says it. */}
      {connectivity === 'online' && (connectionError || reconnectNotice) && (
        <div
          role="status"
          className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs font-medium text-amber-800 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
          <span>{reconnectNotice ?? connectionError}</span>
        </div>
      )}
      <div className="flex min-h-0 flex-1">
        {showList && (
          <aside
            aria-label="Conversations"
            className="flex min-h-0 w-full flex-col border-slate-200 md:w-80 md:shrink-0 md:border-r lg:w-96 dark:border-slate-700/70"
          >
            <ConversationList
              meId={me._id}
              conversations={conversations}
              presence={presence}
              selectedId={selected?._id ?? null}
              onSelect={open}
            />
          </aside>
        )}
        {showConversation && (
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            {selected ? (
              <ChatConversation
                key={selected._id}
                me={me}
                user={selected}
                unreadCount={conversations.find((c) => c.user._id === selected._id)?.unreadCount ?? 0}
                presence={presence}
                socket={socket}
                showBack={isMobile}
                onBack={back}
              />
            ) : (
              <Welcome />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function Welcome() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-slate-50/70 px-6 text-center dark:bg-slate-900/40">
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary dark:text-indigo-300">
        <MessagesSquare className="h-10 w-10" />
      </div>
      <h2 className="text-xl font-bold">Welcome to Chat</h2>
      <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">Select a conversation from the list to start chatting</p>
    </div>
  );
}

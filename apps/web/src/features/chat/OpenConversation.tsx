/** The chat's right panel: the open group or person, or, with neither, a welcome (or why the address leads nowhere). */
import type { SelfUser } from '@plaza/contract';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlazaSocket } from '../../lib/socket';
import { ChatConversation } from './ChatConversation';
import { UnknownConversation, type AddressedPartner } from './chat-address';
import type { ConversationSummary, Presence } from './chat-model';
import type { GroupSummary } from './group-api';
import type { GroupTyping } from './group-typing';
import { GroupConversation } from './GroupConversation';

const NO_ONE: string[] = [];

interface OpenConversationProps {
  me: SelfUser;
  openGroup: GroupSummary | null;
  /** The address names a group still being looked up. */
  groupLoading: boolean;
  target: AddressedPartner;
  conversations: ConversationSummary[];
  presence: Presence;
  groupTyping: GroupTyping;
  socket: PlazaSocket | null;
  isMobile: boolean;
  onBack: () => void;
}

export function OpenConversation(props: OpenConversationProps) {
  const { me, openGroup, groupLoading, target, conversations, presence, groupTyping, socket, isMobile, onBack } = props;
  const selectedShown = target.kind === 'user' ? target.user : null;
  if (openGroup) {
    return (
      <GroupConversation
        key={openGroup._id}
        me={me}
        group={openGroup}
        presence={presence}
        typing={groupTyping[openGroup._id] ?? NO_ONE}
        socket={socket}
        showBack={isMobile}
        onBack={onBack}
      />
    );
  }
  if (groupLoading) return <Welcome target={{ kind: 'loading' }} onBack={null} />;
  if (selectedShown) {
    return (
      <ChatConversation
        key={selectedShown._id}
        me={me}
        user={selectedShown}
        unreadCount={conversations.find((c) => c.user._id === selectedShown._id)?.unreadCount ?? 0}
        presence={presence}
        socket={socket}
        showBack={isMobile}
        onBack={onBack}
      />
    );
  }
  return <Welcome target={target} onBack={isMobile ? onBack : null} />;
}

function Welcome({ target, onBack }: { target: AddressedPartner; onBack: (() => void) | null }) {
  const { t } = useTranslation('chat');
  if (target.kind === 'loading') return <div className="h-full bg-slate-50/70 dark:bg-slate-900/40" aria-busy="true" />;
  if (target.kind === 'unknown') return <UnknownConversation target={target} onBack={onBack} />;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-slate-50/70 px-6 text-center dark:bg-slate-900/40">
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary dark:text-indigo-300">
        <MessagesSquare className="h-10 w-10" />
      </div>
      <h2 className="text-xl font-bold">{t('page.welcome')}</h2>
      <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">{t('page.welcomeHint')}</p>
    </div>
  );
}

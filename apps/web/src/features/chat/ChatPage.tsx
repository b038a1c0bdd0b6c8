import { ComingSoon } from '../../components/ComingSoon';

export default function ChatPage() {
  return <ComingSoon title="Chat" what="Live one-to-one conversations will appear here." />;
}

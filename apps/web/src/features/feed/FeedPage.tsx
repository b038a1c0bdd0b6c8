import { ComingSoon } from '../../components/ComingSoon';

export default function FeedPage() {
  return <ComingSoon title="Feed" what="Posts from you and your friends will appear here." />;
}

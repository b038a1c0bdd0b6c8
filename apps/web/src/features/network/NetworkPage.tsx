import { ComingSoon } from '../../components/ComingSoon';

export default function NetworkPage() {
  return <ComingSoon title="Network" what="Find people, send friend requests and see suggestions here." />;
}

import { ComingSoon } from '../../components/ComingSoon';

export default function ProfilePage() {
  return <ComingSoon title="Profile" what="Profiles with posts, friends and mutual friends will appear here." />;
}

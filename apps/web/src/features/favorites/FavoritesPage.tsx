import { ComingSoon } from '../../components/ComingSoon';

export default function FavoritesPage() {
  return <ComingSoon title="Favorites" what="Posts you save will be collected here." />;
}

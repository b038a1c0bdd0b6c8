import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** "Load more" under a list of people; it spins while the next page loads. */
export function LoadMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation('people');
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="secondary" onClick={onClick} loading={loading}>
        {t('network.loadMore')}
      </Button>
    </div>
  );
}

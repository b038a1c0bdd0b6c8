import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The arrow beside the story (wide screens only) that steps to the story before or after it. */
export function StoryStepButton({ to, onClick }: { to: 'previous' | 'next'; onClick: () => void }) {
  const { t } = useTranslation('stories');
  const Arrow = to === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      onClick={onClick}
      aria-label={to === 'previous' ? t('previous') : t('next')}
      className="hidden rounded-full bg-white/10 p-2.5 text-white transition hover:bg-white/25 sm:block"
    >
      <Arrow className="h-6 w-6" />
    </button>
  );
}

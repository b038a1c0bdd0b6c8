/** The chat header's way back to the list on a phone, for a conversation and a group alike. */
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      onClick={onBack}
      aria-label={t('back')}
      className="-ms-1 rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
    >
      <ArrowLeft className="h-5 w-5" />
    </button>
  );
}

import { X } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** The × in a dialog's or sheet's header; `label` says to screen readers what it closes. */
export function CloseButton({ label, className = '', ...rest }: { label?: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-label={label ?? t('ui.close')}
      className={`rounded-full p-3 text-slate-500 sm:p-1.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-700 ${className}`}
      {...rest}
    >
      <X className="h-5 w-5" />
    </button>
  );
}

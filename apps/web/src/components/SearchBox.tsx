import { Search, X } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  /** The box's name for screen readers. */
  label: string;
  /** Fully rounded and slimmer, for a narrow column. */
  pill?: boolean;
  className?: string;
}

/** A search input with a magnifier in front and, once something is typed, a × that empties it. */
export function SearchBox({ value, onChange, label, pill = false, className = '', ...input }: SearchBoxProps) {
  const { t } = useTranslation();
  return (
    <div className={`relative ${className}`}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        // Room on the right only for the clear button; a placeholder too long for a phone ends in an ellipsis.
        className={`input ps-9 text-ellipsis ${value ? 'pe-9' : 'pe-3'} ${pill ? 'rounded-full py-2' : ''}`}
        {...input}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('ui.clearSearch')}
          className={`absolute top-1/2 end-2 -translate-y-1/2 p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-700 ${pill ? 'rounded-full dark:hover:text-slate-200' : 'rounded-lg'}`}
        >
          <X className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}

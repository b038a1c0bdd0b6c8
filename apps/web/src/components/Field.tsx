import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its error and hint wired for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, id, className = '', ...rest }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-msg`}
        className={`input ${error ? 'border-rose-500 focus:ring-rose-500/30' : ''} ${className}`}
        {...rest}
      />
      <div id={`${inputId}-msg`} className="min-h-5 text-xs">
        {error ? (
          <span className="text-rose-600 dark:text-rose-400">{error}</span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{hint}</span>
        )}
      </div>
    </div>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField({ label, error, hint, id, ...rest }, ref) {
  const [visible, setVisible] = useState(false);
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-msg`}
          className={`input pr-11 ${error ? 'border-rose-500' : ''}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-700"
        >
          {visible ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
        </button>
      </div>
      <div id={`${inputId}-msg`} className="min-h-5 text-xs">
        {error ? (
          <span className="text-rose-600 dark:text-rose-400">{error}</span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{hint}</span>
        )}
      </div>
    </div>
  );
});

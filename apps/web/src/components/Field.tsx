import { LIMITS } from '@plaza/contract';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { uiWord } from '../lib/ui-words';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The label above an input and the line below it that shows the error, or else the hint. */
function FieldFrame({
  inputId,
  label,
  error,
  hint,
  children,
}: {
  inputId: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      <div id={`${inputId}-msg`} className="min-h-5 text-xs">
        {error ? (
          <span className="text-rose-600 dark:text-rose-400">{error}</span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{hint}</span>
        )}
      </div>
    </div>
  );
}

/** A labelled input with its error and hint wired for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, id, className = '', ...rest }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-msg`}
        className={`input ${error ? 'border-rose-500 focus:ring-rose-500/30' : ''} ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
});

interface PasswordFieldProps extends FieldProps {
  /** The eye button's names, when the screen words them itself; otherwise the shown language's (lib/ui-words.ts). */
  visibility?: { show: string; hide: string };
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, visibility, ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-msg`}
          className={`input pe-12 ${error ? 'border-rose-500' : ''}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? (visibility?.hide ?? uiWord('hidePassword')) : (visibility?.show ?? uiWord('showPassword'))}
          className="absolute top-1/2 end-0 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-700"
        >
          {visible ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
        </button>
      </div>
    </FieldFrame>
  );
});

/** A password being chosen: the browser may suggest one, and the hint states the contract's rule (English unless given). */
export const NewPasswordField = forwardRef<HTMLInputElement, Omit<PasswordFieldProps, 'autoComplete'>>(
  function NewPasswordField(props, ref) {
    return <PasswordField ref={ref} autoComplete="new-password" hint={`At least ${LIMITS.password.min} characters`} {...props} />;
  },
);

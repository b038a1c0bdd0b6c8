import { uiWord } from '../lib/ui-words';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const px = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' }[size];
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span className={`${px} animate-spin rounded-full border-current border-t-transparent opacity-80`} />
      {label ? (
        <span className="text-sm text-slate-500 dark:text-slate-400">{label}</span>
      ) : (
        <span className="sr-only">{uiWord('loading')}</span>
      )}
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-primary">
      <Spinner size="lg" />
    </div>
  );
}

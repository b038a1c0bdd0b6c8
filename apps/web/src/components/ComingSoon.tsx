import { Construction } from 'lucide-react';
import { EmptyState } from './EmptyState';

/** Shown by a page whose feature has not landed yet. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <EmptyState icon={<Construction className="h-7 w-7" />} title="Coming soon">
        {what}
      </EmptyState>
    </div>
  );
}

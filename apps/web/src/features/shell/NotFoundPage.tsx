import { Compass } from 'lucide-react';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary">
        <Compass className="h-10 w-10" />
      </div>
      <h1 className="text-4xl font-extrabold">Page not found</h1>
      <p className="max-w-sm text-slate-500 dark:text-slate-400">The page you were looking for doesn't exist or has moved.</p>
      <Link to="/feeds" className="rounded-xl bg-brand-primary px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover">
        Back to Plaza
      </Link>
    </div>
  );
}

import { Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { canKeepSession } from '../../lib/secure-storage';
import { AuthLink, useAuthNav } from './auth-nav';
import { ta } from './auth-texts';
import { InsecureAddressNotice } from './InsecureAddressNotice';

/** The product's name, the same in every language. */
const PRODUCT = 'Plaza';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** A form that ends signed in: on a page that cannot keep a session it gives way to a notice saying why. */
  signsIn?: boolean;
  children: ReactNode;
}

/** The frame of login and signup: brand panel beside the form on desktop, form alone on phones. */
export function AuthLayout({ title, subtitle, signsIn = false, children }: AuthLayoutProps) {
  const { dark, toggleTheme } = useAuthNav();
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <section className="relative hidden overflow-hidden bg-gradient-to-br from-brand-primary via-indigo-600 to-brand-accent p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-2 text-2xl font-extrabold">
          <img src="/favicon.svg" alt="" className="h-10 w-10 rounded-xl ring-2 ring-white/40" /> {PRODUCT}
        </div>
        <div>
          <h2 className="text-4xl leading-tight font-bold">{ta('brandTagline')}</h2>
          <p className="mt-4 max-w-md text-lg text-indigo-50">{ta('brandPitch')}</p>
        </div>
        <p className="text-sm text-indigo-50">{ta('brandFooter')}</p>
        <div className="pointer-events-none absolute -end-24 -bottom-24 h-96 w-96 rounded-full bg-white/10 blur-2xl" />
      </section>
      <main id="main" className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between lg:justify-end">
          <AuthLink to="/auth/login" className="flex items-center gap-2 text-lg font-extrabold tracking-tight lg:hidden">
            <img src="/favicon.svg" alt="" className="h-8 w-8" />
            {PRODUCT}
          </AuthLink>
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={ta(dark ? 'themeLight' : 'themeDark')}
            className="rounded-full p-2.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {dark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
          </button>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 mb-8 text-slate-600 dark:text-slate-300">{subtitle}</p>
          {signsIn && !canKeepSession() ? <InsecureAddressNotice /> : children}
        </div>
      </main>
    </div>
  );
}

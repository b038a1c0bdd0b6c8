import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { ThemeToggle } from '../theme';

/** The frame of login and signup: brand panel beside the form on desktop, form alone on phones. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <section className="relative hidden overflow-hidden bg-gradient-to-br from-brand-primary via-indigo-600 to-brand-accent p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-2 text-2xl font-extrabold">
          <img src="/favicon.svg" alt="" className="h-10 w-10 rounded-xl ring-2 ring-white/40" /> Plaza
        </div>
        <div>
          <h2 className="text-4xl leading-tight font-bold">Your people, your plaza.</h2>
          <p className="mt-4 max-w-md text-lg text-indigo-100">
            Share posts and 24-hour stories, react with six reactions, and chat live with your friends.
          </p>
        </div>
        <p className="text-sm text-indigo-200">Open source · Made for real conversations</p>
        <div className="pointer-events-none absolute -right-24 -bottom-24 h-96 w-96 rounded-full bg-white/10 blur-2xl" />
      </section>
      <section className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between lg:justify-end">
          <span className="lg:hidden">
            <Logo />
          </span>
          <ThemeToggle />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 mb-8 text-slate-500 dark:text-slate-400">{subtitle}</p>
          {children}
        </div>
      </section>
    </div>
  );
}

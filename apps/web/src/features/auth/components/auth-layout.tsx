import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';
import { ProgressBar } from '@/components/progress-bar';

/** The frame of the screens shown before the console: the federation's logo and 'Operations'. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-12 text-slate-900 sm:items-center">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="flex items-center gap-2.5 text-xl font-semibold tracking-tight">
          <Logo />
          Operations
        </h1>
        {children}
      </div>
    </main>
  );
}

/** Shown while it is not yet known who is there: the indeterminate progress bar (spec §2). */
export function AuthLoading() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="fixed inset-x-0 top-0 z-40">
        <ProgressBar label="Loading Operations" />
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const tones = {
  /** On a screen. */
  normal: 'text-sky-700 focus-visible:outline-sky-600',
  /** On an error card, in its red. */
  alert: 'focus-visible:outline-red-700',
} as const;

/** The way back to the home screen from a screen that could not be shown (not found, failed). */
export function HomeLink({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <Link
      to={paths.home.getHref()}
      className={`font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 ${tones[tone]}`}
    >
      {children}
    </Link>
  );
}

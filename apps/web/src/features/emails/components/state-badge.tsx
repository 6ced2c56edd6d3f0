import type { EmailStateName } from '@ops/contract';
import { emailStateLabels } from './labels';

const tones: Record<EmailStateName, string> = {
  PENDING: 'bg-slate-100 text-slate-800',
  PROCESSING: 'bg-sky-100 text-sky-900',
  RETRY: 'bg-amber-100 text-amber-900',
  SUCCESS: 'bg-emerald-100 text-emerald-900',
  ERROR: 'bg-red-100 text-red-900',
};

/** An e-mail's delivery state as a small coloured badge ("Failed"; the state code on hover). */
export function EmailStateBadge({ state }: { state: EmailStateName }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[state]}`}
      title={state}
    >
      {emailStateLabels[state]}
    </span>
  );
}

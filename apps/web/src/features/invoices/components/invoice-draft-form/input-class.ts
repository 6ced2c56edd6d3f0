import { focusRing } from '@ops/ui/button';

/** The classes every input of the draft form shares. */
export const draftInputClass = `rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-xs ${focusRing}`;

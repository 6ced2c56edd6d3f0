import { useEffect, useRef, useState } from 'react';
import { focusRing } from '@ops/ui/button';

/** How long the 'Copied' confirmation stays (spec §9: the copy-confirmation flag, 1,500 ms). */
export const copyConfirmationMs = 1_500;

export type CopyOutcome = 'idle' | 'copied' | 'failed';

/**
 * The confirmation flag of a copy button: `show(outcome)` raises it and lowers it again after
 * `durationMs`; a new copy while it shows starts the time again. Kept apart from React so the
 * timing is tested on its own.
 */
export function createCopyFlag(
  onChange: (outcome: CopyOutcome) => void,
  durationMs: number = copyConfirmationMs,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    show(outcome: Exclude<CopyOutcome, 'idle'>) {
      clearTimeout(timer);
      onChange(outcome);
      timer = setTimeout(() => onChange('idle'), durationMs);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it (HTTPS or
 * localhost), else the older selection copy, which works on plain HTTP too.
 */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): try the selection copy below.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for people who hear the button: "membership number" → "Copy membership number". */
  label: string;
  className?: string;
};

const outcomeText: Record<CopyOutcome, string> = {
  idle: 'Copy',
  copied: 'Copied',
  failed: 'Not copied',
};

/** A small 'Copy' button beside an identifier; it reads 'Copied' for 1,500 ms after a copy. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  const flag = useRef<ReturnType<typeof createCopyFlag> | null>(null);
  useEffect(() => {
    const current = createCopyFlag(setOutcome);
    flag.current = current;
    return () => current.dispose();
  }, []);

  return (
    <>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        onClick={() => {
          void copyText(value).then((isCopied) =>
            flag.current?.show(isCopied ? 'copied' : 'failed'),
          );
        }}
        className={[
          'inline-flex min-w-[4.5rem] items-center justify-center rounded border px-1.5 py-0.5 text-xs font-medium',
          outcome === 'failed'
            ? 'border-red-300 text-red-800'
            : outcome === 'copied'
              ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          focusRing,
          className,
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {outcomeText[outcome]}
      </button>
      <span role="status" className="sr-only">
        {outcome === 'copied'
          ? `${label} copied`
          : outcome === 'failed'
            ? `${label} could not be copied`
            : ''}
      </span>
    </>
  );
}

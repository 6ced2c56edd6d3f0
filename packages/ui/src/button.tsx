import type { ButtonHTMLAttributes } from 'react';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

const variants = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 aria-disabled:bg-sky-700/70',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 aria-disabled:text-slate-500',
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  /**
   * The action is running: the button says so (pass its busy label as children) and ignores
   * clicks, yet stays focusable so the focus is not lost while it runs.
   */
  isBusy?: boolean;
};

/** A button in the console's style, with a visible focus ring. */
export function Button({
  variant = 'primary',
  isBusy = false,
  className,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={isBusy ? true : props['aria-disabled']}
      onClick={(event) => {
        if (isBusy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={[
        'inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium aria-disabled:cursor-wait',
        focusRing,
        variants[variant],
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    />
  );
}

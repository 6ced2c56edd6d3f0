import type { ReactNode } from 'react';

type IconProps = { className?: string };

/** The one look of the console's line icons: 20-unit box, current colour, round strokes. */
function LineIcon({
  className = 'size-4 shrink-0',
  strokeWidth = 1.75,
  children,
}: IconProps & { strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

export function MagnifierIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4 4" />
    </LineIcon>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="m5 5 10 10M15 5 5 15" />
    </LineIcon>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M3 5h14M3 10h14M3 15h14" />
    </LineIcon>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <LineIcon className={className} strokeWidth={2}>
      <path d="m4.5 10.5 3.5 3.5 7.5-8" />
    </LineIcon>
  );
}

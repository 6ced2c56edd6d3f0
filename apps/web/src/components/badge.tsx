import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The colours of a badge: each a background and a text colour of at least 4.5:1. */
const tones = {
  slate: 'bg-slate-100 text-slate-700',
  grey: 'bg-slate-200 text-slate-800',
  sky: 'bg-sky-100 text-sky-900',
  'sky-light': 'bg-sky-50 text-sky-800',
  emerald: 'bg-emerald-100 text-emerald-900',
  'emerald-light': 'bg-emerald-50 text-emerald-800',
  amber: 'bg-amber-100 text-amber-900',
  'amber-outlined': 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
  orange: 'bg-orange-100 text-orange-900',
  red: 'bg-red-100 text-red-900',
  'red-light': 'bg-red-50 text-red-800',
  violet: 'bg-violet-100 text-violet-900',
} as const;

export type BadgeTone = keyof typeof tones;

const badgeClass = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * A status as a small coloured pill, its words on one line: in a list's row of fixed height a
 * second line would spill into the neighbouring rows. Where the space is too narrow the words
 * are cut short (the list's cells give the whole text as their tooltip).
 */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span data-badge="" className={`${badgeClass} max-w-full truncate align-middle ${tones[tone]}`}>
      {children}
    </span>
  );
}

export type BadgeItem = { label: string; tone: BadgeTone };

/**
 * How many of the badges fit beside each other in `available` px, given their widths and the
 * gap between them: all of them, or as many as fit with the "+N" badge (`moreWidth`) after
 * them, and at least one (cut short if need be), so the first one, the main status, always shows.
 */
export function fittingBadgeCount({
  widths,
  gap,
  available,
  moreWidth,
}: {
  widths: readonly number[];
  gap: number;
  available: number;
  moreWidth: number;
}): number {
  const total = (count: number) =>
    widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  // Half a pixel for rounding: widths are read as fractions, the box's width is whole pixels.
  if (total(widths.length) <= available + 0.5) return widths.length;
  for (let count = widths.length - 1; count > 1; count--) {
    if (total(count) + gap + moreWidth <= available + 0.5) return count;
  }
  return Math.min(1, widths.length);
}

// One observer for every badge list on the screen (a list shows dozens of rows).
const resizeCallbacks = new WeakMap<Element, () => void>();
let sharedObserver: ResizeObserver | null = null;
function observeResize(element: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  sharedObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) resizeCallbacks.get(entry.target)?.();
  });
  resizeCallbacks.set(element, onResize);
  sharedObserver.observe(element);
  return () => {
    resizeCallbacks.delete(element);
    sharedObserver?.unobserve(element);
  };
}

/**
 * Several badges of one record (an invoice's status, "Partially paid", "Overdue") on one line,
 * never wrapping: as many as fit the width of their box, in order, then "+N" for the others.
 * The whole list, in words, is the group's text for screen readers and its tooltip, so nothing
 * that does not fit is lost. The badges that do not fit stay laid out (invisible), so their
 * widths are known when the box grows again.
 */
export function BadgeList({ badges }: { badges: readonly BadgeItem[] }) {
  const boxRef = useRef<HTMLSpanElement>(null);
  const [shownCount, setShownCount] = useState(badges.length);
  const words = badges.map((badge) => badge.label).join(', ');

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const items = Array.from(box.querySelectorAll<HTMLElement>('[data-badge-item]'));
      const more = box.querySelector<HTMLElement>('[data-badge-more]');
      const gap = parseFloat(getComputedStyle(box).columnGap) || 0;
      setShownCount(
        fittingBadgeCount({
          // The badge's own width, whole: a badge cut short still scrolls its full words.
          widths: items.map((item) => item.firstElementChild?.scrollWidth ?? item.offsetWidth),
          gap,
          available: box.clientWidth,
          moreWidth: more?.offsetWidth ?? 0,
        }),
      );
    };
    measure();
    return observeResize(box, measure);
  }, [words]);

  const shown = Math.min(shownCount, badges.length);
  const hidden = 'invisible absolute top-0 left-0';
  return (
    <span
      ref={boxRef}
      data-badges=""
      title={words}
      className="relative flex min-w-0 items-center gap-1 overflow-hidden"
    >
      <span className="sr-only">{words}</span>
      {badges.map((badge, index) => (
        <span
          key={badge.label}
          aria-hidden="true"
          data-badge-item=""
          className={`flex min-w-0 ${index < shown ? (index === 0 ? '' : 'shrink-0') : hidden}`}
        >
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </span>
      ))}
      {/* Always laid out, so its width is known before it is needed. */}
      <span
        aria-hidden="true"
        data-badge-more=""
        className={`flex shrink-0 ${shown < badges.length ? '' : hidden}`}
      >
        <Badge tone="slate">{`+${Math.max(1, badges.length - shown)}`}</Badge>
      </span>
    </span>
  );
}

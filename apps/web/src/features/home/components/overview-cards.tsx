import { CheckIcon } from '@/components/icons';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatCount, type OverviewItem } from '../utils/overview-items';

const accents: Record<OverviewItem['tone'], string> = {
  attention: 'border-l-amber-500',
  problem: 'border-l-red-600',
};

/**
 * One count, the whole card a way into the list of what it counts (an empty count too). The
 * link itself is the label, stretched over the card: its name stays short ("Overdue invoices")
 * and equal to its text, and the number and the sentence under it are its description.
 */
function OverviewCard({ item }: { item: OverviewItem }) {
  const id = useId();
  const isEmpty = item.count === 0;
  return (
    <li
      className={[
        'group relative flex min-w-0 flex-col gap-1 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-xs transition-colors hover:bg-slate-50',
        isEmpty ? 'border-l-emerald-500' : accents[item.tone],
      ].join(' ')}
    >
      <Link
        to={item.href}
        aria-describedby={`${id}-count ${id}-text`}
        className={[
          'text-sm font-medium text-slate-700 focus-visible:outline-none',
          // The link's box covers the card, so a click anywhere on it follows the link, and
          // the focus ring is drawn around the card.
          'after:absolute after:-inset-px after:-left-1 after:rounded-lg',
          'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-sky-600',
        ].join(' ')}
      >
        {item.label}
      </Link>
      <p
        id={`${id}-count`}
        className={`text-3xl font-semibold tracking-tight tabular-nums ${isEmpty ? 'text-slate-500' : 'text-slate-900'}`}
      >
        {formatCount(item.count)}
      </p>
      <p
        id={`${id}-text`}
        className={`flex items-start gap-1.5 text-sm ${isEmpty ? 'text-emerald-800' : 'text-slate-600'}`}
      >
        {isEmpty ? <CheckIcon className="size-4 shrink-0" /> : null}
        {isEmpty ? item.emptyText : item.description}
      </p>
      <p
        aria-hidden="true"
        className="mt-auto pt-2 text-sm font-medium text-sky-700 group-hover:underline"
      >
        {isEmpty ? 'Open the list' : 'Show them'} →
      </p>
    </li>
  );
}

export function OverviewCards({ items }: { items: OverviewItem[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <OverviewCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** Stands in for the cards while the counts load: their shape, without made-up numbers. */
/**
 * As many placeholders as the counts usually make (applications, change and close-account
 * requests, bank payments, e-mails, overdue invoices, the four default dunning levels and the
 * members due for suspension), and the line under them, so that the Trends below do not jump
 * when the counts arrive.
 */
const usualCardCount = 11;

export function OverviewCardsSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        Loading the overview…
      </p>
      <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: usualCardCount }, (_, index) => (
          <li
            key={index}
            className="flex flex-col gap-2 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-xs"
          >
            <span className="h-4 w-40 rounded bg-slate-200 motion-safe:animate-pulse" />
            <span className="h-8 w-14 rounded bg-slate-200 motion-safe:animate-pulse" />
            <span className="h-4 w-52 max-w-full rounded bg-slate-100 motion-safe:animate-pulse" />
            <span className="mt-2 h-4 w-24 rounded bg-slate-100 motion-safe:animate-pulse" />
          </li>
        ))}
      </ul>
      <span aria-hidden="true" className="h-4 w-72 max-w-full rounded bg-slate-100" />
    </div>
  );
}

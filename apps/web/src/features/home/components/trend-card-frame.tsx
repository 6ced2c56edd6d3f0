import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '@ops/ui/button';

/** The height of a trend's plot (CSS pixels, axes included). */
export const trendPlotHeight = 160;

/**
 * The space a trend's chart takes with its caption, legend and "Show table" toggle: reserved
 * while it loads and kept when it fails, so nothing below moves when it arrives.
 */
const chartBlockHeight = trendPlotHeight + 84;

/** The body's height: the figure, its change, the currency switch if any, and the chart. */
export function trendBodyHeight(hasCurrencySwitch: boolean): number {
  return 32 + 8 + 20 + 8 + (hasCurrencySwitch ? 28 + 8 : 0) + chartBlockHeight;
}

/**
 * One trend's card: its heading and the way into its report, around what the trend shows (the
 * figures and chart, their placeholder, or an error). Loaded with the home route itself, so the
 * cards stand in their places before the charts' code and the reports arrive.
 */
export function TrendCardFrame({
  title,
  reportHref,
  hasCurrencySwitch,
  children,
}: {
  title: string;
  reportHref: string;
  hasCurrencySwitch: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={id}
        className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h4 id={id} className="text-sm font-medium text-slate-700">
            {title}
          </h4>
          {/* Five links say "Open report": the name tells them apart, starting as the text does. */}
          <Link
            to={reportHref}
            aria-label={`Open report: ${title}`}
            className={`rounded text-sm font-medium text-sky-800 hover:underline ${focusRing}`}
          >
            Open report
          </Link>
        </header>
        <div className="flex flex-col" style={{ minHeight: trendBodyHeight(hasCurrencySwitch) }}>
          {children}
        </div>
      </article>
    </li>
  );
}

/** Stands in for a trend's figure and chart while they load: their shape, no made-up numbers. */
export function TrendBodySkeleton({ hasCurrencySwitch }: { hasCurrencySwitch: boolean }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      <span className="h-8 w-44 rounded bg-slate-200 motion-safe:animate-pulse" />
      <span className="h-5 w-60 max-w-full rounded bg-slate-100 motion-safe:animate-pulse" />
      {hasCurrencySwitch ? (
        <span className="h-7 w-48 rounded bg-slate-100 motion-safe:animate-pulse" />
      ) : null}
      <span
        className="w-full rounded bg-slate-100 motion-safe:animate-pulse"
        style={{ height: chartBlockHeight }}
      />
    </div>
  );
}

export type TrendCardDescription = {
  id: string;
  title: string;
  reportHref: string;
  hasCurrencySwitch: boolean;
};

/** The grid of trend cards (the same element loaded or not, so nothing jumps). */
export function TrendGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-3 lg:grid-cols-2">{children}</ul>;
}

/** Every trend's card with a placeholder body: shown while the Trends' code loads. */
export function TrendGridSkeleton({ cards }: { cards: TrendCardDescription[] }) {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the trends…
      </p>
      <TrendGrid>
        {cards.map((card) => (
          <TrendCardFrame
            key={card.id}
            title={card.title}
            reportHref={card.reportHref}
            hasCurrencySwitch={card.hasCurrencySwitch}
          >
            <TrendBodySkeleton hasCurrencySwitch={card.hasCurrencySwitch} />
          </TrendCardFrame>
        ))}
      </TrendGrid>
    </>
  );
}

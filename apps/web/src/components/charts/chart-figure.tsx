import { useId, useState, type JSX } from 'react';
import { Chart, type ChartProps } from './chart';
import { ChartTable, type ChartTableProps } from './chart-table';

export type ChartFigureProps = ChartProps &
  Pick<ChartTableProps, 'categoryHeader' | 'hrefOf'> & {
    /** Show the table from the start (default: folded, yet read by screen readers). */
    isTableShownAtFirst?: boolean;
  };

/**
 * A chart with its numbers: the table is always in the page, the chart's text alternative for a
 * screen reader; "Show table" unfolds it for everyone else.
 */
export function ChartFigure({
  categoryHeader,
  hrefOf,
  isTableShownAtFirst = false,
  ...chart
}: ChartFigureProps): JSX.Element {
  const [isTableShown, setIsTableShown] = useState(isTableShownAtFirst);
  const tableId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Chart {...chart} />
      <div className="print:hidden">
        <button
          type="button"
          aria-expanded={isTableShown}
          aria-controls={tableId}
          onClick={() => setIsTableShown((shown) => !shown)}
          className="rounded text-sm text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          {isTableShown ? 'Hide table' : 'Show table'}
        </button>
      </div>
      <div id={tableId} className={isTableShown ? '' : 'sr-only focus-within:not-sr-only'}>
        <ChartTable
          title={chart.title}
          categories={chart.categories}
          series={chart.series}
          formatValue={chart.formatValue}
          onSelect={chart.onSelect}
          categoryHeader={categoryHeader}
          hrefOf={hrefOf}
          isScrollable={isTableShown}
        />
      </div>
    </div>
  );
}

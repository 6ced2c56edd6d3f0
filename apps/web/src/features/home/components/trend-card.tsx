import type { TReport } from '@ops/contract/reports';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { ChartFigure } from '@/components/charts/chart-figure';
import { getErrorMessage } from '@ops/ui/error-message';
import { useTrendReport } from '../api/get-trend-report';
import { chfEquivalents, currenciesOf, type Trend, type TrendFigure } from '../utils/trend-figures';
import { reportScreenHref, type TrendReport } from '../utils/trend-reports';
import { TrendBodySkeleton, TrendCardFrame, trendPlotHeight } from './trend-card-frame';
import type { CurrencySwitchProps } from '@/lib/chart-currency';

/** What a trend draws from its report (and, for money, the currency chosen). */
export type TrendBuilder = (report: TReport, currency: string) => Trend;

const arrows: Record<TrendFigure['direction'], string> = {
  up: '▲',
  down: '▼',
  flat: '▶',
  none: '',
};

/** The headline and its change; the arrow repeats the sign of the words, for the eye only. */
function TrendFigureLines({ figure }: { figure: TrendFigure }) {
  return (
    <>
      <p className="text-2xl leading-8 font-semibold tracking-tight text-slate-900 tabular-nums">
        {figure.value}
      </p>
      <p className="min-h-5 text-sm leading-5 text-slate-600">
        {arrows[figure.direction] ? (
          <span aria-hidden="true" className="mr-1 text-xs text-slate-500">
            {arrows[figure.direction]}
          </span>
        ) : null}
        {figure.change}
      </p>
    </>
  );
}

/** The money trends' choice: all currencies in CHF equivalents (the default), or one alone. */
function CurrencySwitch({ currencies, value, onChange }: CurrencySwitchProps) {
  const name = useId();
  const options = [
    { value: chfEquivalents, label: 'All in CHF' },
    ...currencies.map((currency) => ({ value: currency, label: currency })),
  ];
  return (
    <fieldset className="flex h-7 flex-wrap items-center gap-1 text-xs">
      <legend className="sr-only">Amounts</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`cursor-pointer rounded border border-slate-300 px-2 py-1 leading-3 text-slate-700 hover:bg-slate-50 has-checked:border-sky-800 has-checked:bg-sky-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-600`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A report that could not be loaded: one line in its card, and a way to ask again. */
function TrendError({
  error,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <p role="alert" className="text-sm text-red-800">
      The figures could not be loaded: {getErrorMessage(error)}{' '}
      <button
        type="button"
        aria-disabled={isRetrying || undefined}
        onClick={() => {
          if (!isRetrying) onRetry();
        }}
        className={`rounded font-medium text-sky-800 underline aria-disabled:cursor-wait ${focusRing}`}
      >
        {isRetrying ? 'Trying again…' : 'Try again'}
      </button>
    </p>
  );
}

/**
 * One trend: its report requested on mount (the five cards' requests go out together), then
 * the figure with its change and the small chart, whose bars open the records behind them.
 */
export function TrendCard({ trend, build }: { trend: TrendReport; build: TrendBuilder }) {
  const report = useTrendReport(trend.report, trend.query);
  const [chosenCurrency, setChosenCurrency] = useState(chfEquivalents);
  const navigate = useNavigate();
  // The figures, table and chart are rendered at transition priority, which React splits into
  // short slices: five reports answering together never make one long task (issue 18: none
  // over 50 ms while the dashboard draws). uPlot's drawing is queued one chart per frame.
  const data = useDeferredValue(report.data);
  const currencies = useMemo(
    () => (data && trend.hasCurrencySwitch ? currenciesOf(data) : []),
    [data, trend.hasCurrencySwitch],
  );
  // A currency that left the figures (its last invoice paid) falls back to the equivalents.
  const currency = currencies.includes(chosenCurrency) ? chosenCurrency : chfEquivalents;
  const shown = useMemo(() => (data ? build(data, currency) : null), [data, currency, build]);
  const retry = () => void report.refetch();

  let body;
  if (shown) {
    const { figure, chart } = shown;
    body = (
      <div className="flex flex-col gap-2">
        <TrendFigureLines figure={figure} />
        {trend.hasCurrencySwitch ? (
          <CurrencySwitch currencies={currencies} value={currency} onChange={setChosenCurrency} />
        ) : null}
        {/* A failed refresh keeps the last figures and says they may be old. */}
        {report.isError ? (
          <TrendError error={report.error} isRetrying={report.isFetching} onRetry={retry} />
        ) : null}
        {chart ? (
          <ChartFigure
            {...chart}
            height={trendPlotHeight}
            onSelect={
              chart.hrefOf
                ? (point) => {
                    const href = chart.hrefOf?.(point);
                    if (href) void navigate(href);
                  }
                : undefined
            }
          />
        ) : (
          <p className="text-sm text-slate-600">Nothing to draw yet.</p>
        )}
      </div>
    );
  } else if (report.isError) {
    body = <TrendError error={report.error} isRetrying={report.isFetching} onRetry={retry} />;
  } else {
    body = <TrendBodySkeleton hasCurrencySwitch={trend.hasCurrencySwitch} />;
  }

  return (
    <TrendCardFrame
      title={trend.title}
      reportHref={reportScreenHref(trend.report, trend.query)}
      hasCurrencySwitch={trend.hasCurrencySwitch}
    >
      {body}
    </TrendCardFrame>
  );
}

import { regionLabels } from '@ops/contract/countries';
import { labelOf, memberCategoryLabels } from '@ops/contract/labels';
import type { TReport, TReportName } from '@ops/contract/reports';
import { useId, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@ops/ui/button';
import { ChartFigure } from '@/components/charts/chart-figure';
import { formatDate, formatDateTime } from '@ops/ui/format';
import { ErrorCard } from '@ops/ui/error-card';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useReport } from '../api/get-report';
import { ReportFilters } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import {
  isFinanceReport,
  isReportName,
  reportFilterSupport,
  reportTitleOf,
} from '../utils/report-catalogue';
import {
  chartCurrenciesOf,
  chfEquivalents,
  defaultChartCurrency,
  reportChartOf,
} from '../utils/report-charts';
import {
  chartCurrencyParam,
  formatReportQuery,
  readReportFilters,
  reportApiPath,
  type ReportFilterValues,
} from '../utils/report-query';
import type { CurrencySwitchProps } from '@/lib/chart-currency';

const fileLinkClass =
  'inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/** The words of the filters a report says it ignored. */
const filterWords: Record<string, string> = {
  from: 'From',
  to: 'To',
  region: 'Region',
  country: 'Countries',
  category: 'Member category',
  currency: 'Currency',
  by: 'Grouping',
};

/**
 * The filters the figures were made with, in words: printed under the table (the form is not),
 * so a sheet of paper says what it shows.
 */
function appliedFiltersText(report: TReport): string {
  const { filters } = report;
  const support = reportFilterSupport[report.name];
  const parts = [
    filters.from
      ? `${formatDate(filters.from)} to ${formatDate(filters.to)}`
      : support.period === 'today'
        ? `Today, ${formatDate(filters.to)}`
        : `Up to ${formatDate(filters.to)}`,
  ];
  if (filters.region.length > 0)
    parts.push(filters.region.map((region) => labelOf(regionLabels, region)).join(', '));
  if (filters.country.length > 0) parts.push(filters.country.join(', '));
  if (filters.category.length > 0)
    parts.push(
      filters.category.map((category) => labelOf(memberCategoryLabels, category)).join(', '),
    );
  if (filters.currency.length > 0) parts.push(filters.currency.join(', '));
  return parts.join(' · ');
}

/** Which currency the chart of a money report shows: the report's currencies or CHF equivalents. */
function CurrencySwitch({ currencies, value, onChange }: CurrencySwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm print:hidden">
      <label htmlFor={id} className="font-medium text-slate-800">
        Chart in
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
      >
        <option value={chfEquivalents}>CHF equivalents</option>
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The report's chart and the table behind it, with its notes and the time of its figures. */
function ReportBody({ report }: { report: TReport }) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const currencies = chartCurrenciesOf(report);
  const requested = search.get(chartCurrencyParam);
  const chartCurrency =
    requested && (requested === chfEquivalents || currencies.includes(requested))
      ? requested
      : defaultChartCurrency(report);
  const chart = useMemo(() => reportChartOf(report, chartCurrency), [report, chartCurrency]);

  return (
    <div className="flex flex-col gap-4">
      {report.ignoredFilters.length > 0 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
          {`Not applied to this report: ${report.ignoredFilters
            .map((name) => filterWords[name] ?? name)
            .join(', ')}.`}
        </p>
      ) : null}
      {currencies.length > 0 ? (
        <CurrencySwitch
          currencies={currencies}
          value={chartCurrency}
          onChange={(value) =>
            setSearch(
              (before) => {
                const next = new URLSearchParams(before);
                next.set(chartCurrencyParam, value);
                return next;
              },
              { replace: true },
            )
          }
        />
      ) : null}
      {chart ? (
        <ChartFigure
          title={chart.title}
          kind={chart.kind}
          categories={chart.categories}
          series={chart.series}
          formatValue={chart.formatValue}
          height={280}
          categoryHeader={chart.categoryHeader}
          hrefOf={chart.hrefOf}
          onSelect={(point) => {
            const href = chart.hrefOf(point);
            if (href) void navigate(href);
          }}
        />
      ) : null}
      <ReportTable report={report} />
      {report.notes.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">
        {`${appliedFiltersText(report)} · figures as of `}
        <time dateTime={report.asOf}>{formatDateTime(report.asOf)}</time>
        {' · generated '}
        <time dateTime={report.generatedAt}>{formatDateTime(report.generatedAt)}</time>.
      </p>
    </div>
  );
}

function LoadedReport({ name }: { name: TReportName }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => readReportFilters(search), [search]);
  const report = useReport(name, filters);
  const support = reportFilterSupport[name];
  const { data } = report;

  // Written as the list views write theirs, commas unencoded: `region=europe,americas`.
  function apply(values: ReportFilterValues) {
    const chart = search.get(chartCurrencyParam);
    const query = [
      formatReportQuery(values),
      chart ? `${chartCurrencyParam}=${encodeURIComponent(chart)}` : '',
    ]
      .filter(Boolean)
      .join('&');
    void navigate({ search: query ? `?${query}` : '' });
  }

  return (
    <>
      <ReportFilters
        // A new URL (Back, a shared link, Reset) starts the form from its values.
        key={search.toString()}
        support={support}
        values={filters}
        applied={{
          from: data?.filters.from ?? null,
          to: data?.filters.to ?? '',
          by: data?.filters.by ?? null,
        }}
        onApply={apply}
      />
      {report.isError ? (
        <ErrorCard message={getErrorMessage(report.error)}>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </ErrorCard>
      ) : null}
      {data ? (
        <div aria-busy={report.isFetching} className={report.isPlaceholderData ? 'opacity-60' : ''}>
          <ReportBody report={data} />
        </div>
      ) : report.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the report…
        </p>
      ) : null}
    </>
  );
}

/**
 * `/reports/:name`: one report, its filters in the URL (like every list view), the chart and
 * the table behind it, drill-down from either into the records, CSV and XLSX of the same table,
 * and a print layout (the shell's sidebar and the controls hide, the chart and the table stay).
 */
export function ReportRoute({ name }: { name: string }) {
  const canReadFinance = useCan('reports.finance');
  const [search] = useSearchParams();
  if (!isReportName(name))
    return (
      <Screen title="Report not found" description={`No report is named "${name}".`}>
        <p className="text-sm">
          <Link className="text-sky-800 underline" to={paths.reports.getHref()}>
            All reports
          </Link>
        </p>
      </Screen>
    );
  const { title, description } = reportTitleOf(name);
  const isAllowed = !isFinanceReport(name) || canReadFinance;
  const filters = readReportFilters(search);
  const actions = isAllowed ? (
    <div className="flex flex-wrap gap-2 print:hidden">
      <a className={fileLinkClass} href={reportApiPath(name, filters, 'csv')} download>
        Export CSV
      </a>
      <a className={fileLinkClass} href={reportApiPath(name, filters, 'xlsx')} download>
        Export XLSX
      </a>
      <Button variant="secondary" className="py-1.5" onClick={() => window.print()}>
        Print
      </Button>
    </div>
  ) : null;
  return (
    <Screen title={title} description={description} actions={actions}>
      <p className="text-sm print:hidden">
        <Link
          className="text-sky-800 underline decoration-sky-300 underline-offset-2"
          to={paths.reports.getHref()}
        >
          ← All reports
        </Link>
      </p>
      {isAllowed ? (
        // Keyed: another report never shows the previous one's figures while it loads.
        <LoadedReport key={name} name={name} />
      ) : (
        <p className="text-sm text-slate-700">
          This report shows money: it needs the finance role. An administrator can give it in
          Settings → Operators.
        </p>
      )}
    </Screen>
  );
}

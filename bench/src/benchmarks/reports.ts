import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import type { Page } from 'playwright-core';
import { invoiceCurrencies, memberCategories, regions } from '@ops/contract/enumerations';
import {
  membershipGroupings,
  reportNames,
  revenuePeriods,
  type TReport,
  type TReportName,
} from '@ops/contract/reports';
import { openDatabase } from '../../../apps/server/src/db/database';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { launchChromium } from '../lib/chromium';
import { formatDuration } from '../lib/format';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { invoiceScale, millionInvoiceDataDir } from './billing-lists';
import { seedScale } from './seed';

const operatorEmail = 'bench-reports@ops.demo.example';
const operatorPassword = 'reports on a million invoices 2026';
/** Each combination is asked this often at least (after its warm-up), and each report 40 times. */
const minimumRepeats = 5;
const minimumRequestsPerReport = 40;
const navigationsPerKind = 10;
/** The issue names five trends; fewer figures means the dashboard is not what it should be. */
const expectedCharts = 5;
/** The dashboard is complete when its figures have not changed for this long. */
const quietMs = 1_000;
const dashboardTimeoutMs = 30_000;

const dataSize = `${invoiceScale.toLocaleString('en')} invoices, ${seedScale.toLocaleString('en')} members`;
const round = (ms: number) => Math.round(ms * 10) / 10;

// --- Dates, as the reports' periods name them --------------------------------------------------

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same calendar day `years` years earlier (29 February becomes the 28th). */
function yearsBefore(day: string, years: number): string {
  const candidate = `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
  const date = new Date(`${candidate}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === candidate
    ? candidate
    : `${candidate.slice(0, 4)}-02-28`;
}

// --- reports-api-1m ----------------------------------------------------------------------------

type Query = Record<string, string>;
type Combination = { report: TReportName; query: string };
type Timed = { ms: number; report: TReport };

async function getReport(url: string, cookie: string, name: string, query: string) {
  const startedAt = performance.now();
  const response = await fetch(`${url}/api/reports/${name}${query ? `?${query}` : ''}`, {
    headers: { cookie },
  });
  const text = await response.text();
  const ms = performance.now() - startedAt;
  if (!response.ok) throw new Error(`/api/reports/${name}?${query}: ${response.status} ${text}`);
  return { ms, report: JSON.parse(text) as TReport } satisfies Timed;
}

const toQuery = (query: Query) => new URLSearchParams(query).toString();

/** The smallest country that has members: the other end of the country filter from CH. */
async function smallCountry(dataDir: string): Promise<string> {
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    role: 'cli',
    logger: pino({ level: 'silent' }),
    poolSize: 1,
  });
  try {
    const { rows } = await database.pool.query<{ country_iso2: string }>(
      `SELECT country_iso2 FROM country_member_counts WHERE members > 0 AND country_iso2 <> 'CH'
        ORDER BY members, country_iso2 LIMIT 1`,
    );
    return rows[0]?.country_iso2 ?? 'LI';
  } finally {
    await database.close();
  }
}

/**
 * Every combination the reports screen offers for one report: the periods (the default, five
 * years, or for a report that only takes the last day this year's and two years ago), each
 * grouping, and the filters one at a time and together. Which filters apply is asked of the
 * report itself (`ignoredFilters` of a request giving them all), so the screen's choice and the
 * benchmark's cannot drift apart.
 */
async function combinationsOf(
  url: string,
  cookie: string,
  name: TReportName,
  countries: string[],
): Promise<{ combinations: string[]; today: string }> {
  const { report: plain } = await getReport(url, cookie, name, '');
  const today = plain.filters.to;
  const fiveYears = { from: addDays(yearsBefore(today, 5), 1), to: today };
  const { report: probe } = await getReport(
    url,
    cookie,
    name,
    toQuery({
      ...fiveYears,
      region: 'europe',
      country: 'CH',
      category: 'individual',
      currency: 'CHF',
    }),
  );
  const applies = (filter: string) => !probe.ignoredFilters.includes(filter);

  const periods: Query[] = [{}];
  // This year is the dashboard's revenue trend and a preset of the screen.
  if (applies('from') && applies('to'))
    periods.push({ from: `${today.slice(0, 4)}-01-01` }, fiveYears);
  else if (applies('to')) periods.push({ to: yearsBefore(today, 2) });

  const groupings = [membershipGroupings, revenuePeriods].find((values) =>
    (values as readonly string[]).includes(plain.filters.by ?? ''),
  );
  const bys: Query[] = [
    {},
    ...(groupings ?? []).filter((by) => by !== plain.filters.by).map((by) => ({ by })),
  ];

  const filters: Query[] = [{}];
  const memberFilters = applies('region') && applies('category') && applies('country');
  if (memberFilters) {
    filters.push(...regions.map((region) => ({ region })));
    filters.push(...countries.map((country) => ({ country })));
    filters.push(...memberCategories.map((category) => ({ category })));
  }
  if (applies('currency')) filters.push(...invoiceCurrencies.map((currency) => ({ currency })));
  // Several filters at once, as a person narrows a report down.
  const together: Query = {
    ...(memberFilters ? { region: 'europe', category: 'individual' } : {}),
    ...(applies('currency') ? { currency: 'CHF' } : {}),
  };
  if (Object.keys(together).length > 1) filters.push(together);

  const combinations = new Set<string>();
  for (const period of periods)
    for (const by of bys)
      for (const filter of filters) combinations.add(toQuery({ ...period, ...by, ...filter }));
  return { combinations: [...combinations], today };
}

type ReportFigures = {
  combinations: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  rowsAtDefault: number;
  /** The combination slowest by its median, with its slowest request. */
  worst: { query: string; p50Ms: number; maxMs: number };
};

export const reportsApi1m: Benchmark = {
  name: 'reports-api-1m',
  measures:
    `Every report of \`GET /api/reports/{name}\` (${reportNames.length}) on the ` +
    `${seedScale.toLocaleString('en')}-member database of seed-100k grown to ` +
    `${invoiceScale.toLocaleString('en')} invoices, as a signed-in admin operator: every filter ` +
    'combination the reports screen offers (no filter; each region; CH and the smallest country; ' +
    'each member category; each currency; a region, category and currency together; each ' +
    'grouping; the default period, this year and five years, or this year and two years ago for ' +
    'the renewal progress), each combination after a warm-up request at least ' +
    `${minimumRepeats} times and each report at least ${minimumRequestsPerReport} times, ` +
    'round trip over loopback HTTP. One sample per report: the p95 of its requests (so the ' +
    "table's p95 is the slowest report's); the overall p95, the slowest combination of each " +
    'report and one CSV and one XLSX export of the largest report are in the details.',
  unit: 'ms',
  target: 300,
  dataSize,
  runs: reportNames.length,
  async run(context) {
    const { dataDir } = await millionInvoiceDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
      const countries = ['CH', await smallCountry(dataDir)];

      const plan: { name: TReportName; combinations: string[]; repeats: number }[] = [];
      let today = '';
      for (const name of reportNames) {
        const found = await combinationsOf(server.url, cookie, name, countries);
        today = found.today;
        const repeats = Math.max(
          minimumRepeats,
          Math.ceil(minimumRequestsPerReport / found.combinations.length),
        );
        plan.push({ name, combinations: found.combinations, repeats });
      }
      const total = plan.reduce((sum, one) => sum + one.combinations.length, 0);
      context.log(`${total} combinations over ${plan.length} reports (today ${today})`);

      const byReport: Record<string, ReportFigures> = {};
      const all: number[] = [];
      const slowCombinations: (Combination & { p50Ms: number })[] = [];
      let largest = { name: plan[0]?.name as TReportName, rows: -1 };
      for (const { name, combinations, repeats } of plan) {
        const times: number[] = [];
        let worst = { query: '', p50Ms: -1, maxMs: 0 };
        let rowsAtDefault = 0;
        for (const query of combinations) {
          const warm = await getReport(server.url, cookie, name, query);
          if (query === '') rowsAtDefault = warm.report.rows.length;
          const combination: number[] = [];
          for (let i = 0; i < repeats; i++) {
            combination.push((await getReport(server.url, cookie, name, query)).ms);
          }
          times.push(...combination);
          const p50 = median(combination);
          if (p50 > worst.p50Ms) {
            worst = { query, p50Ms: round(p50), maxMs: round(Math.max(...combination)) };
          }
          if (p50 > reportsApi1m.target) {
            slowCombinations.push({ report: name, query, p50Ms: round(p50) });
          }
        }
        if (rowsAtDefault > largest.rows) largest = { name, rows: rowsAtDefault };
        all.push(...times);
        byReport[name] = {
          combinations: combinations.length,
          requests: times.length,
          p50Ms: round(median(times)),
          p95Ms: round(percentile(times, 0.95)),
          maxMs: round(Math.max(...times)),
          rowsAtDefault,
          worst,
        };
        context.log(
          `${name}: ${combinations.length} combinations, p50 ${formatDuration(median(times))}, ` +
            `p95 ${formatDuration(percentile(times, 0.95))}; slowest ?${worst.query} ` +
            `(p50 ${formatDuration(worst.p50Ms)})`,
        );
      }

      // The files of the largest report: informative, no target.
      const exports: Record<string, { ms: number; bytes: number }> = {};
      for (const format of ['csv', 'xlsx'] as const) {
        const startedAt = performance.now();
        const response = await fetch(`${server.url}/api/reports/${largest.name}?format=${format}`, {
          headers: { cookie },
        });
        const body = await response.arrayBuffer();
        const ms = performance.now() - startedAt;
        if (!response.ok) {
          throw new Error(`${largest.name} as ${format}: ${response.status} ${Buffer.from(body)}`);
        }
        exports[format] = { ms: round(ms), bytes: body.byteLength };
        context.log(
          `${largest.name} (${largest.rows} rows) as ${format}: ${formatDuration(ms)}, ` +
            `${body.byteLength} bytes`,
        );
      }

      context.log(
        `all ${all.length} requests: p50 ${formatDuration(median(all))}, ` +
          `p95 ${formatDuration(percentile(all, 0.95))}`,
      );
      return {
        samples: plan.map(({ name }) => byReport[name]?.p95Ms ?? Number.NaN),
        details: {
          today,
          countries,
          overall: {
            requests: all.length,
            p50Ms: round(median(all)),
            p95Ms: round(percentile(all, 0.95)),
            maxMs: round(Math.max(...all)),
          },
          byReport,
          combinationsOverTarget: slowCombinations,
          largestReport: { name: largest.name, rowsAtDefault: largest.rows, exports },
        },
      };
    } catch (error) {
      // A request that found no server: say what the server said before it went.
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(
          `${(error as Error).message}; the server exited ` +
            `(${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`,
          { cause: error },
        );
      }
      throw error;
    } finally {
      await server.stop();
    }
  },
};

// --- dashboard-1m ------------------------------------------------------------------------------

/** What the page notes about its charts, installed before any of its scripts runs. */
type DashboardState = {
  longTasks: { start: number; duration: number }[];
  /** The last navigation's click (client-side), on performance.now()'s clock. */
  clickAt: number | null;
  firstFigureAt: number | null;
  /** The frame after every figure on the page was last seen drawn. */
  lastDrawnAt: number | null;
  /** Any change of the figures' number or states: the page is quiet when this is old. */
  lastChangeAt: number;
  figures: number;
  isAllDrawn: boolean;
  names: string[];
};
type DashboardWindow = Window & { dashboardBench: DashboardState };

function installChartWatch() {
  const state: DashboardState = {
    longTasks: [],
    clickAt: null,
    firstFigureAt: null,
    lastDrawnAt: null,
    lastChangeAt: 0,
    figures: 0,
    isAllDrawn: false,
    names: [],
  };
  (window as unknown as DashboardWindow).dashboardBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => (state.clickAt = event.timeStamp), {
    capture: true,
  });
  // No named function inside: tsx would wrap it in a helper the page does not have.
  new MutationObserver(() => {
    const figures = Array.from(document.querySelectorAll('figure[data-chart-state]'));
    const drawn = figures.filter((figure) => figure.getAttribute('data-chart-state') === 'drawn');
    const isAllDrawn = figures.length > 0 && drawn.length === figures.length;
    if (figures.length > 0 && state.firstFigureAt === null) state.firstFigureAt = performance.now();
    if (figures.length === state.figures && isAllDrawn === state.isAllDrawn) return;
    state.figures = figures.length;
    state.isAllDrawn = isAllDrawn;
    state.lastChangeAt = performance.now();
    if (isAllDrawn) {
      state.names = figures.map((figure) => figure.getAttribute('aria-label') ?? '');
      // The frame that paints the last chart.
      requestAnimationFrame(() => {
        if (state.isAllDrawn) state.lastDrawnAt = performance.now();
      });
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-chart-state'],
  });
}

async function resetChartWatch(page: Page) {
  await page.evaluate(() => {
    const state = (window as unknown as DashboardWindow).dashboardBench;
    Object.assign(state, {
      clickAt: null,
      firstFigureAt: null,
      lastDrawnAt: null,
      lastChangeAt: performance.now(),
      figures: 0,
      isAllDrawn: false,
      names: [],
    });
  });
}

/** Waits until every chart is drawn and nothing has changed for `quietMs`; the page's state. */
async function waitForDashboard(page: Page): Promise<DashboardState> {
  const startedAt = performance.now();
  while (true) {
    const state = await page.evaluate(() => (window as unknown as DashboardWindow).dashboardBench);
    const now = await page.evaluate(() => performance.now());
    if (
      state.isAllDrawn &&
      state.lastDrawnAt !== null &&
      state.figures >= expectedCharts &&
      now - state.lastChangeAt >= quietMs
    ) {
      return state;
    }
    if (performance.now() - startedAt > dashboardTimeoutMs) {
      throw new Error(
        `the dashboard had ${state.figures} chart(s), ${state.isAllDrawn ? 'all' : 'not all'} ` +
          `drawn, after ${dashboardTimeoutMs} ms (${expectedCharts} expected)`,
      );
    }
    await sleep(100);
  }
}

type Navigation = {
  kind: 'page-load' | 'client-side';
  /** From the navigation to the frame after the last chart was drawn. */
  ms: number;
  charts: number;
  /** Long tasks from the home screen's start (the click; the first figure of a page load). */
  longTasksMs: number[];
  /** Page loads: the long tasks over before the first figure appeared (the app booting). */
  bootLongTasksMs: number[];
};

function measureNavigation(kind: Navigation['kind'], state: DashboardState): Navigation {
  const start = kind === 'client-side' ? (state.clickAt ?? 0) : 0;
  const drawnAt = state.lastDrawnAt ?? Number.NaN;
  const screenStart = kind === 'client-side' ? start : (state.firstFigureAt ?? 0);
  // A task running when the first figure appeared (the one that rendered it) counts as drawing.
  const isDrawing = (task: DashboardState['longTasks'][number]) =>
    task.start < drawnAt && task.start + task.duration > screenStart;
  const isBoot = (task: DashboardState['longTasks'][number]) =>
    kind === 'page-load' && task.start + task.duration <= screenStart;
  return {
    kind,
    ms: round(drawnAt - start),
    charts: state.figures,
    longTasksMs: state.longTasks.filter(isDrawing).map((task) => round(task.duration)),
    bootLongTasksMs: state.longTasks.filter(isBoot).map((task) => round(task.duration)),
  };
}

type DashboardRun = {
  navigations: Navigation[];
  browser: string;
  charts: string[];
};

async function runDashboard(context: BenchmarkContext): Promise<DashboardRun> {
  const { dataDir } = await millionInvoiceDataDir(context);
  const server = await startServer({ dataDir, seed: 'none' });
  try {
    await addOperator(dataDir, operatorEmail, operatorPassword);
    const browser = await launchChromium();
    try {
      const browserContext = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
      });
      await browserContext.addInitScript(installChartWatch);
      const signIn = await browserContext.request.post('/api/auth/password', {
        data: { email: operatorEmail, password: operatorPassword },
      });
      if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
      const page = await browserContext.newPage();
      const failures: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 400) {
          failures.push(`${response.status()} ${response.url()}`);
        }
      });

      const navigations: Navigation[] = [];
      let charts: string[] = [];
      // The first of each kind warms the server and the browser's cache up, unmeasured.
      for (let i = 0; i <= navigationsPerKind; i++) {
        await page.goto('/');
        const loaded = await waitForDashboard(page);
        charts = loaded.names;
        if (i > 0) navigations.push(measureNavigation('page-load', loaded));

        // From another screen through the sidebar, as a person goes back to the home.
        await page.goto('/operators', { waitUntil: 'networkidle' });
        await resetChartWatch(page);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Ops' })
          .click();
        const navigated = await waitForDashboard(page);
        if (i > 0) navigations.push(measureNavigation('client-side', navigated));
      }
      if (failures.length) throw new Error(`API errors on the dashboard: ${failures.join(', ')}`);
      return { navigations, browser: `Chromium ${browser.version()}`, charts };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** One run for both benchmarks: the time and the long tasks come from the same navigations. */
function dashboardRun(context: BenchmarkContext): Promise<DashboardRun> {
  return context.shared('dashboard-1m', () => runDashboard(context));
}

function summary(values: number[]) {
  return values.length
    ? { count: values.length, p50Ms: round(median(values)), maxMs: round(Math.max(...values)) }
    : { count: 0 };
}

function dashboardDetails(run: DashboardRun) {
  const of = (kind: Navigation['kind']) => run.navigations.filter((one) => one.kind === kind);
  return {
    browser: run.browser,
    charts: run.charts,
    pageLoad: summary(of('page-load').map((one) => one.ms)),
    clientSide: summary(of('client-side').map((one) => one.ms)),
    navigations: run.navigations,
  };
}

const dashboardMeasures =
  `the home dashboard in Chromium on the ${seedScale.toLocaleString('en')}-member database of ` +
  `seed-100k grown to ${invoiceScale.toLocaleString('en')} invoices, as a signed-in admin ` +
  `operator (the finance trends shown), ${navigationsPerKind} times each after one warm-up: a ` +
  'page load of `/` and a client-side navigation from `/operators` through the sidebar; the ' +
  "page is done when every chart's figure says it is drawn (`data-chart-state`) and nothing " +
  `has changed for ${quietMs} ms, at least ${expectedCharts} charts`;

export const dashboard1m: Benchmark = {
  name: 'dashboard-1m',
  measures:
    `From the navigation (navigation start of the page load; the click) to the frame after the ` +
    `last chart was drawn: ${dashboardMeasures}. Both kinds are samples; each apart in the details.`,
  unit: 'ms',
  target: 1_000,
  dataSize,
  runs: navigationsPerKind * 2,
  async run(context) {
    const run = await dashboardRun(context);
    const details = dashboardDetails(run);
    context.log(
      `${run.charts.length} charts; page load p50 ${JSON.stringify(details.pageLoad)}, ` +
        `client-side ${JSON.stringify(details.clientSide)}`,
    );
    return { samples: run.navigations.map((one) => one.ms), details };
  },
};

export const dashboard1mLongTasks: Benchmark = {
  name: 'dashboard-1m-long-tasks',
  measures:
    'The duration of every long task (over 50 ms, PerformanceObserver `longtask`, buffered) ' +
    'while the home dashboard draws, 0 when there was none: from the click of a client-side ' +
    "navigation, or a page load's first chart figure, to the last chart drawn, in the " +
    `navigations of dashboard-1m (${dashboardMeasures}). The long tasks of a page load before ` +
    'its first figure (the app starting) are in the details.',
  unit: 'ms',
  target: 50,
  dataSize,
  runs: 1,
  async run(context) {
    const run = await dashboardRun(context);
    const longTasks = run.navigations.flatMap((one) => one.longTasksMs);
    const boot = run.navigations.flatMap((one) => one.bootLongTasksMs);
    context.log(
      `${longTasks.length} long tasks while drawing` +
        (longTasks.length ? `, longest ${Math.round(Math.max(...longTasks))} ms` : '') +
        `; ${boot.length} while the app started`,
    );
    return {
      samples: longTasks.length ? longTasks : [0],
      details: { ...dashboardDetails(run), bootLongTasks: summary(boot) },
    };
  },
};

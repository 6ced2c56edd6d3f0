import type { Page } from 'playwright-core';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { median, percentile } from '../lib/stats';
import { closeMembersList, openMembersList } from './members-browser';
import { seedScale } from './seed';

/**
 * Issue 19, working at the speed of thought, in Chromium on the members list of the
 * 100,000-member database: a sort by a header click, the keyboard's row cursor and `]` through
 * records, and a saved view opened from the sidebar. Each time is taken in the page, from the
 * input event's own time stamp to the animation frame after the awaited rows or record are in
 * the document, so Playwright's round trips are not counted.
 */

const dataSize = `${seedScale.toLocaleString('en')} members`;
const memberDatabase = `${seedScale.toLocaleString('en')}-member database`;
const sortClicks = 42;
/** The members list's sortable headers and the sort field each stands for. */
const sortableHeaders = [
  ['Number', 'number'],
  ['Name', 'legalName'],
  ['Country', 'country'],
  ['Category', 'category'],
  ['Status', 'status'],
  ['Joined', 'joinedOn'],
  ['Paid through', 'paidThroughYear'],
] as const;
const cursorMoves = 500;
/** About a held key's auto-repeat (30 per second). */
const keyRepeatMs = 33;
const recordSteps = 50;
/** A person reading each record before the next `]`. */
const recordPauseMs = 400;
const viewOpenings = 24;

type MemberRow = { mid: string; number: string; legalName: string };

type InputWindow = Window & {
  inputAt: number | null;
  longTasks: { start: number; duration: number }[];
};

/**
 * tsx compiles the functions handed to `page.evaluate` with esbuild's `keepNames`, which wraps
 * named inner functions in a `__name(…)` call the page does not have: give it one, now and on
 * every later navigation.
 */
async function allowNamedFunctions(page: Page): Promise<void> {
  const script = 'globalThis.__name = (fn) => fn;';
  await page.context().addInitScript({ content: script });
  await page.evaluate(script);
}

/** Records the time stamp of every click and key press, and every long task, in the page. */
async function instrument(page: Page): Promise<void> {
  await allowNamedFunctions(page);
  await page.evaluate(() => {
    const state = window as unknown as InputWindow;
    state.inputAt = null;
    state.longTasks = [];
    const note = (event: Event) => (state.inputAt = event.timeStamp);
    document.addEventListener('click', note, { capture: true });
    document.addEventListener('keydown', note, { capture: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask' });
  });
}

async function longTasksSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (from) =>
      (window as unknown as InputWindow).longTasks
        .filter((task) => task.start >= from)
        .map((task) => task.duration),
    since,
  );
}

/**
 * Resolves, in the page, with the milliseconds from the last input event to the frame after the
 * members table's first row shows `number` and the table is no longer busy.
 */
function firstRowShown(page: Page, number: string): Promise<number> {
  return page.evaluate(
    (expected) =>
      new Promise<number>((resolve, reject) => {
        const region = document.querySelector('[role="region"][aria-label="Members list"]');
        if (!region) return reject(new Error('no members list'));
        const isShown = () => {
          const table = region.querySelector('[role="table"]');
          const first = region.querySelector('[role="row"][aria-rowindex="2"]');
          return (
            table?.getAttribute('aria-busy') !== 'true' &&
            (first?.textContent ?? '').includes(expected)
          );
        };
        const finish = () =>
          requestAnimationFrame(() => {
            const state = window as unknown as InputWindow;
            resolve(performance.now() - (state.inputAt ?? performance.now()));
          });
        const timeout = setTimeout(() => reject(new Error(`row ${expected} never shown`)), 15_000);
        const observer = new MutationObserver(() => {
          if (!isShown()) return;
          observer.disconnect();
          clearTimeout(timeout);
          finish();
        });
        observer.observe(region, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      }),
    number,
  );
}

async function apiMembers(page: Page, query: string): Promise<MemberRow[]> {
  const response = await page.request.get(`/api/members?${query}`);
  if (!response.ok()) throw new Error(`GET /api/members?${query} answered ${response.status()}`);
  return ((await response.json()) as { data: MemberRow[] }).data;
}

export const membersSort100k: Benchmark = {
  name: 'members-sort-100k',
  measures:
    `Chromium on the members list of the ${memberDatabase}: a click on a column header ` +
    `to the first re-sorted row rendered (${sortClicks} clicks over ${sortableHeaders.length} ` +
    'columns, each either direction: the request, the keyset page with its count, the render).',
  unit: 'ms',
  target: 150,
  dataSize,
  runs: sortClicks,
  async run(context: BenchmarkContext) {
    const session = await openMembersList(context);
    try {
      const { page } = session;
      await instrument(page);
      const table = page.getByRole('table', { name: 'Members' });
      const samples: number[] = [];
      for (let click = 0; click < sortClicks; click++) {
        const [label, field] =
          sortableHeaders[click % sortableHeaders.length] ?? sortableHeaders[0];
        const header = table.getByRole('columnheader', { name: label, exact: true });
        // The header's next sort: descending when it sorts ascending now, else ascending.
        const direction = await header.getAttribute('aria-sort');
        const sort = `${direction === 'ascending' ? '-' : ''}${field}`;
        const [expected] = await apiMembers(page, `sort=${sort}&limit=1`);
        if (!expected) throw new Error(`no member for sort ${sort}`);
        const shown = firstRowShown(page, expected.number);
        await header.getByRole('button').click();
        samples.push(await shown);
        await page.waitForTimeout(200);
      }
      context.log(
        `p50 ${Math.round(median(samples))} ms, p95 ${Math.round(percentile(samples, 0.95))} ms`,
      );
      return { samples, details: { browser: `Chromium ${session.browser.version()}` } };
    } finally {
      await closeMembersList(session);
    }
  },
};

/**
 * Resolves, in the page, with the milliseconds from the last key press to the frame after a
 * record titled `title` is on screen (the detail's heading).
 */
function recordShown(page: Page, title: string): Promise<number> {
  return page.evaluate(
    (expected) =>
      new Promise<number>((resolve, reject) => {
        const isShown = () =>
          Array.from(document.querySelectorAll('h3')).some(
            (heading) => heading.textContent === expected,
          );
        const finish = () =>
          requestAnimationFrame(() => {
            const state = window as unknown as InputWindow;
            resolve(performance.now() - (state.inputAt ?? performance.now()));
          });
        if (isShown()) return reject(new Error(`${expected} was already shown`));
        const timeout = setTimeout(() => reject(new Error(`${expected} never shown`)), 15_000);
        const observer = new MutationObserver(() => {
          if (!isShown()) return;
          observer.disconnect();
          clearTimeout(timeout);
          finish();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    title,
  );
}

/**
 * The members row the list's cursor is on (its `aria-rowindex`, 2 for the first member): the
 * cursor is a roving focus, so it is the row of the focused element.
 */
async function cursorRowIndex(page: Page): Promise<number> {
  return page.evaluate(() => {
    const row = document.activeElement?.closest('[role="row"]');
    return Number(row?.getAttribute('aria-rowindex') ?? 0);
  });
}

export const membersKeyboard100k: Benchmark = {
  name: 'members-keyboard-100k',
  measures:
    `Chromium on the members list of the ${memberDatabase}: \`j\` held down over ` +
    `${cursorMoves} rows (a key every ${keyRepeatMs} ms, the list loading pages on the way), ` +
    `then Enter and \`]\` through ${recordSteps} records (one every ${recordPauseMs} ms). ` +
    'Samples: every long task (over 50 ms) in either, 0 when there was none; the time of each ' +
    '`]` to its record rendered is in the details (target 100 ms).',
  unit: 'ms',
  target: 50,
  dataSize,
  runs: 1,
  async run(context: BenchmarkContext) {
    const session = await openMembersList(context);
    try {
      const { page } = session;
      await instrument(page);
      const cursorStart = await page.evaluate(() => performance.now());
      for (let move = 0; move < cursorMoves; move++) {
        await page.keyboard.press('j');
        await page.waitForTimeout(keyRepeatMs);
      }
      await page.waitForTimeout(500);
      const cursorRow = await cursorRowIndex(page);
      if (cursorRow !== cursorMoves + 1) {
        throw new Error(`the cursor is on row ${cursorRow - 1}, not ${cursorMoves}`);
      }
      const cursorLongTasks = await longTasksSince(page, cursorStart);

      // Back to the first member, open it, and walk the list's order with `]`.
      const members = await apiMembers(page, `limit=${recordSteps + 1}`);
      await page.goto('/members', { waitUntil: 'networkidle' });
      await page.getByRole('table', { name: 'Members' }).getByRole('row').nth(2).waitFor();
      await instrument(page);
      await page.keyboard.press('j');
      const first = members[0];
      if (!first) throw new Error('no members');
      const opened = recordShown(page, first.legalName);
      await page.keyboard.press('Enter');
      await opened;
      await page.waitForTimeout(recordPauseMs);
      const stepsStart = await page.evaluate(() => performance.now());
      const stepTimes: number[] = [];
      for (let step = 1; step <= recordSteps; step++) {
        const next = members[step];
        if (!next) break;
        const shown = recordShown(page, next.legalName);
        await page.keyboard.press(']');
        stepTimes.push(await shown);
        await page.waitForTimeout(recordPauseMs);
      }
      const stepLongTasks = await longTasksSince(page, stepsStart);
      const longTasks = [...cursorLongTasks, ...stepLongTasks];
      context.log(
        `j × ${cursorMoves}: ${cursorLongTasks.length} long tasks; ] × ${stepTimes.length}: ` +
          `${stepLongTasks.length} long tasks, p50 ${Math.round(median(stepTimes))} ms, ` +
          `p95 ${Math.round(percentile(stepTimes, 0.95))} ms, max ${Math.round(Math.max(...stepTimes))} ms`,
      );
      return {
        samples: longTasks.length ? longTasks : [0],
        details: {
          browser: `Chromium ${session.browser.version()}`,
          cursorLongTasksMs: cursorLongTasks.map(Math.round),
          recordStepLongTasksMs: stepLongTasks.map(Math.round),
          recordStepMs: {
            target: 100,
            p50: Math.round(median(stepTimes)),
            p95: Math.round(percentile(stepTimes, 0.95)),
            max: Math.round(Math.max(...stepTimes)),
            samples: stepTimes.map(Math.round),
          },
        },
      };
    } finally {
      await closeMembersList(session);
    }
  },
};

/** Two views of the members list, opened in turn from the sidebar. */
const benchViews = [
  { name: 'Bench overdue, newest first', params: 'status=overdue&sort=-joinedOn' },
  {
    name: 'Bench Germany by name',
    params: 'country=DE&sort=legalName&cols=number,legalName,status',
  },
] as const;

export const savedViewOpen100k: Benchmark = {
  name: 'saved-view-open-100k',
  measures:
    `Chromium on the members list of the ${memberDatabase}: a click on a saved view in ` +
    `the sidebar to its first row rendered (${viewOpenings} openings, two views in turn, each a ` +
    'different filter, sort and columns).',
  unit: 'ms',
  target: 300,
  dataSize,
  runs: viewOpenings,
  async run(context: BenchmarkContext) {
    const session = await openMembersList(context);
    try {
      const { page } = session;
      const views: { name: string; firstNumber: string }[] = [];
      for (const view of benchViews) {
        const created = await page.request.post('/api/saved-views', {
          data: { list: 'members', name: view.name, params: view.params },
          headers: { origin: new URL(page.url()).origin },
        });
        if (!created.ok()) throw new Error(`saving ${view.name} answered ${created.status()}`);
        const { listParams } = (await created.json()) as { listParams: string };
        const [first] = await apiMembers(page, `${listParams}&limit=1`);
        if (!first) throw new Error(`${view.name} shows no member`);
        views.push({ name: view.name, firstNumber: first.number });
      }
      await page.reload({ waitUntil: 'networkidle' });
      await instrument(page);
      const samples: number[] = [];
      for (let opening = 0; opening < viewOpenings; opening++) {
        const view = views[opening % views.length] ?? views[0];
        if (!view) break;
        const shown = firstRowShown(page, view.firstNumber);
        await page.getByRole('navigation').getByRole('link', { name: view.name }).click();
        samples.push(await shown);
        await page.waitForTimeout(300);
      }
      context.log(
        `p50 ${Math.round(median(samples))} ms, p95 ${Math.round(percentile(samples, 0.95))} ms`,
      );
      return { samples, details: { browser: `Chromium ${session.browser.version()}` } };
    } finally {
      await closeMembersList(session);
    }
  },
};

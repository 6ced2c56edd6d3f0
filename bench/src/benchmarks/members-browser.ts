import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../../apps/server/src/db/database';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { launchChromium } from '../lib/chromium';
import { addOperator } from '../lib/operator';
import { startServer, type ServerHandle } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { seededDataDir, seedScale } from './seed';

const operatorEmail = 'bench-members-browser@ops.demo.example';
const operatorPassword = 'members in the browser 2026';
const liveSamples = 40;
/** Longer than the list's 250 ms burst window, so each change is refreshed on its own. */
const pauseBetweenChangesMs = 700;
const scrollFrames = 600;
const scrollPixelsPerFrame = 240;

type Session = { server: ServerHandle; browser: Browser; page: Page; dataDir: string };

/** A signed-in Chromium page on the members list of the 100,000-member database. */
export async function openMembersList(context: BenchmarkContext): Promise<Session> {
  const { dataDir } = await seededDataDir(context);
  const server = await startServer({ dataDir, seed: 'none' });
  try {
    await addOperator(dataDir, operatorEmail, operatorPassword);
    const browser = await launchChromium();
    const browserContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    const signIn = await browserContext.request.post('/api/auth/password', {
      data: { email: operatorEmail, password: operatorPassword },
    });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
    const page = await browserContext.newPage();
    await page.goto('/members', { waitUntil: 'networkidle' });
    await page.getByRole('table', { name: 'Members' }).getByRole('row').nth(2).waitFor();
    return { server, browser, page, dataDir };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function closeMembersList(session: Session): Promise<void> {
  await session.browser.close();
  await session.server.stop();
}

type ScrollWindow = Window & { longTasks: number[]; frames: number };

export const membersScroll100k: Benchmark = {
  name: 'members-scroll-100k',
  measures:
    `Chromium scrolling the members list of the ${seedScale.toLocaleString('en')}-member ` +
    `database: ${scrollFrames} animation frames of ${scrollPixelsPerFrame} px each (rows ` +
    'loaded page by page on the way); the duration of every long task (over 50 ms) seen by a ' +
    'PerformanceObserver, 0 when there was none.',
  unit: 'ms',
  target: 50,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 1,
  async run(context) {
    const session = await openMembersList(context);
    try {
      const { page } = session;
      await page.evaluate(() => {
        const state = window as unknown as ScrollWindow;
        state.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
      });
      const result = await page.evaluate(
        async ({ frames, step }) => {
          const region = document.querySelector<HTMLElement>(
            '[role="region"][aria-label="Members list"]',
          );
          if (!region) throw new Error('no members list');
          for (let frame = 0; frame < frames; frame++) {
            await new Promise(requestAnimationFrame);
            region.scrollTop += step;
          }
          // Let the last page settle, and the observer report.
          await new Promise((resolve) => setTimeout(resolve, 500));
          const rows = region.querySelectorAll('[role="row"][aria-rowindex]');
          const lastIndex = Number(rows[rows.length - 1]?.getAttribute('aria-rowindex') ?? 0);
          return { scrollTop: region.scrollTop, lastRowIndex: lastIndex };
        },
        { frames: scrollFrames, step: scrollPixelsPerFrame },
      );
      const longTasks = await page.evaluate(() => (window as unknown as ScrollWindow).longTasks);
      context.log(
        `scrolled to row ${result.lastRowIndex - 1}: ${longTasks.length} long tasks` +
          (longTasks.length ? `, longest ${Math.round(Math.max(...longTasks))} ms` : ''),
      );
      return {
        samples: longTasks.length ? longTasks : [0],
        details: {
          browser: `Chromium ${session.browser.version()}`,
          rowsScrolledThrough: result.lastRowIndex - 1,
          longTaskCount: longTasks.length,
          longTasksMs: longTasks.map((ms) => Math.round(ms)),
        },
      };
    } finally {
      await closeMembersList(session);
    }
  },
};

export const liveChange100k: Benchmark = {
  name: 'live-change-100k',
  measures:
    'A member renamed in a committed transaction by another session (the way a second ' +
    "operator's save or the CLI writes) until the new name is rendered in an open members list " +
    `in Chromium, ${liveSamples} times: trigger, NOTIFY, the change stream, the list's refetch ` +
    'and the render (wall clock of one machine).',
  unit: 'ms',
  target: 250,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: liveSamples,
  async run(context) {
    const session = await openMembersList(context);
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: session.dataDir,
      role: 'cli',
      logger: pino({ level: 'silent' }),
      poolSize: 1,
    });
    try {
      const { page } = session;
      const firstLink = page
        .getByRole('table', { name: 'Members' })
        .getByRole('rowgroup')
        .nth(1)
        .getByRole('row')
        .first()
        .getByRole('link');
      const mid = path.basename((await firstLink.getAttribute('href')) ?? '');
      const original = await database.db
        .selectFrom('members')
        .select('legal_name')
        .where('mid', '=', mid)
        .executeTakeFirstOrThrow();
      const samples: number[] = [];
      for (let i = 0; i < liveSamples; i++) {
        const name = `Live change ${i} ${Date.now()}`;
        const shown = page.evaluate(
          (expected) =>
            new Promise<number>((resolve) => {
              const observer = new MutationObserver(() => {
                if (!document.body.textContent?.includes(expected)) return;
                observer.disconnect();
                requestAnimationFrame(() => resolve(Date.now()));
              });
              observer.observe(document.body, {
                subtree: true,
                childList: true,
                characterData: true,
              });
            }),
          name,
        );
        await sleep(50); // the observer is in place
        await database.db
          .updateTable('members')
          .set({ legal_name: name })
          .where('mid', '=', mid)
          .execute();
        const committedAt = Date.now();
        samples.push((await shown) - committedAt);
        await sleep(pauseBetweenChangesMs);
      }
      await database.db
        .updateTable('members')
        .set({ legal_name: original.legal_name })
        .where('mid', '=', mid)
        .execute();
      context.log(
        `p50 ${Math.round(median(samples))} ms, p95 ${Math.round(percentile(samples, 0.95))} ms`,
      );
      return { samples, details: { member: mid } };
    } finally {
      await database.close();
      await closeMembersList(session);
    }
  },
};

import type { Benchmark } from '../lib/benchmark';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { seededDataDir, seedScale } from './seed';

const operatorEmail = 'bench-lists@ops.demo.example';
const operatorPassword = 'bench lists password 2026';
const pagesDeep = 20;

/** The views the members screen offers: each column's sort both ways, each filter, a search. */
const views = [
  '',
  ...[
    'number',
    'legalName',
    'country',
    'category',
    'status',
    'joinedOn',
    'paidThroughYear',
  ].flatMap((field) => [`sort=${field}`, `sort=-${field}`]),
  'status=overdue',
  'status=active,suspended&sort=legalName',
  'category=association&sort=country',
  'country=CH,DE&sort=-joinedOn',
  'joinedOn=2015-01-01..2019-12-31',
  'paidThroughYear=(empty)',
  'q=logistics',
  'q=freight&sort=-joinedOn',
];

export const membersList100k: Benchmark = {
  name: 'members-list-100k',
  measures:
    `GET /api/members on the ${seedScale.toLocaleString('en')}-member database of seed-100k: ` +
    `every view the members screen offers (each column sorted both ways, the filters, a search), ` +
    `the first page and then ${pagesDeep} pages deep along the cursor, 50 rows a page; one ` +
    'sample per request, round trip over loopback HTTP (estimate included), after a warm-up pass.',
  unit: 'ms',
  target: 30,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: views.length * (pagesDeep + 1),
  async run(context) {
    const { dataDir } = await seededDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
      const walk = async (view: string) => {
        const times: number[] = [];
        let cursor: string | null = null;
        for (let page = 0; page <= pagesDeep; page++) {
          const startedAt = performance.now();
          const query: string = [view, 'limit=50', cursor ? `cursor=${cursor}` : '']
            .filter((part) => part !== '')
            .join('&');
          const response = await fetch(`${server.url}/api/members?${query}`, {
            headers: { cookie },
          });
          const body = (await response.json()) as { nextCursor: string | null };
          if (!response.ok) throw new Error(`${view}: ${response.status} ${JSON.stringify(body)}`);
          times.push(performance.now() - startedAt);
          cursor = body.nextCursor;
          if (!cursor) break;
        }
        return times;
      };
      for (const view of views) await walk(view);
      const samples: number[] = [];
      const byView: Record<string, { p50Ms: number; maxMs: number }> = {};
      for (const view of views) {
        const times = await walk(view);
        samples.push(...times);
        byView[view || '(default)'] = {
          p50Ms: Math.round(median(times) * 10) / 10,
          maxMs: Math.round(Math.max(...times) * 10) / 10,
        };
      }
      context.log(
        `p50 ${median(samples).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms`,
      );
      return { samples, details: { byView } };
    } finally {
      await server.stop();
    }
  },
};

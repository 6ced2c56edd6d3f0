import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { addOperator, runOps, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { buildSearchQueries, isIntendedHit, type SearchQueryKind } from '../lib/search-queries';
import { median, percentile } from '../lib/stats';

/** Members to seed so that the index holds about 1,000,000 documents (5.3 per member). */
const membersForMillion = 190_000;
const operatorEmail = 'bench-search@ops.demo.example';
const operatorPassword = 'bench search password 2026';

type MillionDataDir = { dataDir: string; documents: number; rebuild: Record<string, unknown> };

/** A DATA_DIR with about a million search documents, rebuilt once by `search reindex`. */
function millionDocumentDataDir(context: BenchmarkContext): Promise<MillionDataDir> {
  return context.shared('search-million', async () => {
    const dataDir = context.newDataDir('search-1m');
    context.log(`seeding ${membersForMillion.toLocaleString('en')} members (≈1M search documents)`);
    const startedAt = performance.now();
    await runOps(['seed', 'demo', '--scale', String(membersForMillion)], dataDir, 30 * 60_000);
    context.log(`seeded in ${formatDuration(performance.now() - startedAt)}`);
    const rebuildStartedAt = performance.now();
    const output = await runOps(['search', 'reindex'], dataDir, 10 * 60_000);
    const elapsedMs = performance.now() - rebuildStartedAt;
    const task = JSON.parse(output.slice(output.indexOf('{'))) as {
      total: number;
      durationMs: number;
      perType: Record<string, number>;
    };
    context.log(
      `rebuilt ${task.total.toLocaleString('en')} documents in ${formatDuration(task.durationMs)}`,
    );
    return {
      dataDir,
      documents: task.total,
      rebuild: { elapsedMs, durationMs: task.durationMs, perType: task.perType },
    };
  });
}

export const searchRebuild: Benchmark = {
  name: 'search-rebuild-1m',
  measures:
    '`npm run ops -- search reindex` on about 1,000,000 documents: the task from start to swap ' +
    '(batches of 1,000 into a twin table, its indexes and vocabulary, the swap).',
  unit: 'ms',
  target: 120_000,
  dataSize: '≈1,000,000 search documents',
  runs: 1,
  async run(context) {
    const { rebuild, documents } = await millionDocumentDataDir(context);
    return { samples: [rebuild.durationMs as number], details: { documents, ...rebuild } };
  },
};

/** Signs a new operator in and asks `searchParams` for a key, as the browser does. */
async function searchKey(url: string, dataDir: string) {
  await addOperator(dataDir, operatorEmail, operatorPassword);
  const cookie = await signInCookie(url, operatorEmail, operatorPassword);
  const params = await fetch(`${url}/functions/searchParams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ data: {} }),
  });
  const { result } = (await params.json()) as {
    result: { host: string; apiKey: string; index: string };
  };
  return result;
}

export const searchQueries: Benchmark = {
  name: 'search-1m-queries',
  measures:
    '1,000 palette queries (exact numbers and e-mails, prefixes while typing, whole names, names ' +
    'with a typo) against about 1,000,000 documents, one after another over loopback HTTP, the ' +
    "server's own time for each (its Server-Timing header: key check to answer ready; the round " +
    'trip is in the details), after one warm-up pass. Recall: among the ' +
    '20 hits is the document the query was made from, or one whose name holds every intended word.',
  unit: 'ms',
  target: 20,
  dataSize: '≈1,000,000 search documents',
  runs: 1_000,
  async run(context) {
    const { dataDir, documents } = await millionDocumentDataDir(context);
    const queries = await buildSearchQueries({ dataDir }, this.runs);
    const server = await startServer({ dataDir, seed: 'none' });
    try {
      const params = await searchKey(server.url, dataDir);
      const endpoint = `${server.url}/indexes/${encodeURIComponent(params.index)}/search`;
      const searchOnce = async (q: string) => {
        const startedAt = performance.now();
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${params.apiKey}`,
          },
          body: JSON.stringify({ q, limit: 20 }),
        });
        const body = (await response.json()) as {
          hits?: { _firestore_id: string; name?: string }[];
        };
        if (!response.ok || !body.hits) {
          throw new Error(`search "${q}" failed: ${JSON.stringify(body)}`);
        }
        const serverTiming = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
        return {
          ms: performance.now() - startedAt,
          serverMs: serverTiming ? Number(serverTiming[1]) : Number.NaN,
          hits: body.hits.map((h) => ({ id: h._firestore_id, name: h.name ?? null })),
        };
      };
      context.log('warming up (one pass)');
      for (const query of queries) await searchOnce(query.q);
      const samples: number[] = [];
      const roundTrips: number[] = [];
      const byKind = new Map<SearchQueryKind, { ms: number[]; found: number }>();
      for (const query of queries) {
        const { ms, serverMs, hits } = await searchOnce(query.q);
        samples.push(serverMs);
        roundTrips.push(ms);
        const kind = byKind.get(query.kind) ?? { ms: [], found: 0 };
        kind.ms.push(serverMs);
        if (hits.some((hit) => isIntendedHit(query, hit))) kind.found++;
        byKind.set(query.kind, kind);
      }
      const kinds = Object.fromEntries(
        [...byKind].map(([kind, { ms, found }]) => [
          kind,
          {
            queries: ms.length,
            p50Ms: Math.round(median(ms) * 100) / 100,
            p95Ms: Math.round(percentile(ms, 0.95) * 100) / 100,
            recall: Math.round((found / ms.length) * 1000) / 10,
          },
        ]),
      );
      context.log(`by kind: ${JSON.stringify(kinds)}`);
      const roundTrip = {
        p50Ms: Math.round(median(roundTrips) * 100) / 100,
        p95Ms: Math.round(percentile(roundTrips, 0.95) * 100) / 100,
      };
      context.log(`round trip over loopback HTTP: ${JSON.stringify(roundTrip)}`);
      return {
        samples,
        details: { documents, kinds, roundTrip, examples: queries.slice(0, 12) },
      };
    } finally {
      await server.stop();
    }
  },
};

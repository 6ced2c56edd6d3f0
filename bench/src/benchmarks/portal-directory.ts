import { withBenchDatabase } from '../lib/bench-database';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { startPortalServer } from '../lib/processes';
import { percentile } from '../lib/stats';
import { seededDataDir, seedScale } from './seed';

/**
 * Issue 35, the public member directory at 100,000 members: one active member in twenty listed
 * (5,000 entries, the opt-in share a federation's directory reaches), searched as visitors do it:
 * a name's word, the same word with a typo, a word and a country, a region, a category, the
 * unfiltered first page and a next page. Each visitor comes from an address of its own (the
 * server believes the loopback proxy), so the per-address limit never answers for the engine.
 */
const listedShare = 20;
const requestCount = 1_200;
const concurrency = 4;

/** One in twenty active members listed, once per database (the bench's own entries). */
async function ensureListedMembers(dataDir: string, log: (line: string) => void) {
  return withBenchDatabase(dataDir, async (database) => {
    const listed = await database.pool.query<{ count: string }>(
      'SELECT count(*) FROM member_directory_entries WHERE listed',
    );
    if (Number(listed.rows[0]?.count) > 0) return;
    log(`listing one in ${listedShare} active members in the directory`);
    await database.pool.query(
      `INSERT INTO member_directory_entries (member_mid, listed, fields, services)
       SELECT mid, true, ARRAY['city', 'country', 'website', 'services'],
              ARRAY['sea-freight', 'customs-brokerage']
         FROM (SELECT mid, row_number() OVER (ORDER BY mid) AS n FROM members
                WHERE status = 'active' AND deleted_at IS NULL) AS active
        WHERE n % ${listedShare} = 0
       ON CONFLICT DO NOTHING`,
    );
    await database.pool.query('ANALYZE member_directory_entries');
  });
}

/** What visitors type: words of listed names, each also with two letters swapped. */
async function visitorQueries(dataDir: string): Promise<string[]> {
  return withBenchDatabase(dataDir, async (database) => {
    const { rows } = await database.pool.query<{ name: string; country: string | null }>(
      `SELECT m.legal_name AS name, m.country_iso2 AS country
         FROM member_directory_entries e JOIN members m ON m.mid = e.member_mid
        WHERE e.listed ORDER BY m.mid LIMIT 200`,
    );
    const regions = ['europe', 'americas', 'asia-pacific', 'africa-middle-east'];
    return rows.flatMap(({ name, country }, index) => {
      const word = name.split(/\s+/).find((part) => part.length >= 6) ?? name.split(/\s+/)[0] ?? '';
      const typo =
        word.length > 4 ? `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}` : word;
      return [
        `q=${encodeURIComponent(word)}`,
        `q=${encodeURIComponent(typo)}`,
        `q=${encodeURIComponent(word)}&country=${country ?? 'CH'}`,
        `region=${regions[index % regions.length]}`,
        `category=${index % 2 === 0 ? 'individual' : 'association'}`,
        '',
      ];
    });
  });
}

type DirectoryRun = {
  samples: number[];
  byKind: Record<string, number[]>;
  failures: string[];
  emptyPages: number;
  pages: number;
};

/** What a query asks, for the figures per kind. */
const kindOf = (query: string) =>
  query.includes('cursor=')
    ? 'next page'
    : query.startsWith('q=')
      ? query.includes('country=')
        ? 'words and country'
        : 'words'
      : query === ''
        ? 'first page'
        : (query.split('=')[0] ?? query);

async function runDirectory(context: BenchmarkContext): Promise<DirectoryRun> {
  const { dataDir } = await seededDataDir(context);
  await ensureListedMembers(dataDir, context.log);
  const queries = await visitorQueries(dataDir);
  const { server, portalUrl } = await startPortalServer(dataDir, { TRUST_PROXY: 'loopback' });
  try {
    const samples: number[] = [];
    const byKind: Record<string, number[]> = {};
    const failures: string[] = [];
    let emptyPages = 0;
    let pages = 0;
    let next = 0;
    const get = async (index: number, query: string) => {
      const startedAt = performance.now();
      const response = await fetch(`${portalUrl}/api/directory${query ? `?${query}` : ''}`, {
        headers: { 'x-forwarded-for': `198.18.${(index >> 8) % 256}.${index % 256}` },
      });
      const text = await response.text();
      const ms = performance.now() - startedAt;
      (byKind[kindOf(query)] ??= []).push(ms);
      if (!response.ok) {
        failures.push(`${query} ${response.status}: ${text.slice(0, 200)}`);
        return null;
      }
      return { ms, page: JSON.parse(text) as { items: unknown[]; nextCursor: string | null } };
    };
    // A warm-up pass: the first statements of each connection are prepared, not measured.
    for (const query of queries.slice(0, 12)) await get(65_000, query);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requestCount) {
          const index = next++;
          const query = queries[index % queries.length] ?? '';
          const answer = await get(index, query);
          if (!answer) continue;
          samples.push(answer.ms);
          pages++;
          if (answer.page.items.length === 0) emptyPages++;
          // Every tenth visitor reads on: the next page of what they found.
          if (index % 10 === 0 && answer.page.nextCursor) {
            const more = await get(
              index,
              `${query ? `${query}&` : ''}cursor=${answer.page.nextCursor}`,
            );
            if (more) samples.push(more.ms);
          }
        }
      }),
    );
    return { samples, byKind, failures, emptyPages, pages };
  } finally {
    await server.stop();
  }
}

export const portalDirectory: Benchmark = {
  name: 'portal-directory',
  measures:
    'Public directory search in the member portal (`GET /api/directory`) at 100,000 members with ' +
    '5,000 listed: a name word, the word with a typo, word and country, a region, a category, the ' +
    'first page, and for every tenth visitor the next page; four visitors at once, each from its ' +
    'own address. The sample is the p95 of every request; met when within the target and none failed.',
  unit: 'ms',
  target: 50,
  dataSize: `${seedScale.toLocaleString('en')} members, 5,000 listed`,
  runs: 1,
  async run(context) {
    const run = await runDirectory(context);
    return {
      samples: [percentile(run.samples, 0.95)],
      invariantsHeld: run.failures.length === 0,
      details: {
        requests: run.samples.length,
        p50Ms: percentile(run.samples, 0.5),
        p99Ms: percentile(run.samples, 0.99),
        pagesWithoutResults: run.emptyPages,
        p95MsByKind: Object.fromEntries(
          Object.entries(run.byKind).map(([kind, ms]) => [kind, percentile(ms, 0.95)]),
        ),
        failures: run.failures.slice(0, 5),
      },
    };
  },
};

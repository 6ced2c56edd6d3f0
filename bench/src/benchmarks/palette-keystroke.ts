import { setTimeout as sleep } from 'node:timers/promises';
import { type APIRequestContext, type Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { addOperator } from '../lib/operator';
import { startServer } from '../lib/processes';
import { median, percentile } from '../lib/stats';

const operatorEmail = 'bench-palette@example.org';
const operatorPassword = 'palette keystrokes measured 2026';

/** About 80 words a minute: the pause from one key to the next when the answer came sooner. */
const keystrokeIntervalMs = 150;
/** A keystroke whose answer has not shown after this long is counted as a timeout. */
const answerTimeoutMs = 5_000;
const queryCount = 100;

type Hit = { _type: string; name?: string; description: string; _firestore_id: string };

type KeystrokeSample = {
  query: string;
  ms: number;
  /** The palette asked the server for this exact query after the key (not a cached answer). */
  isFromServer: boolean;
};

// --- Preparing the browser and the queries -------------------------------------------------

/** Searches like the palette does, through the signed-in context's cookie. */
async function searchByApi(request: APIRequestContext, q: string, limit = 100): Promise<Hit[]> {
  const paramsResponse = await request.post('/functions/searchParams', { data: { data: {} } });
  if (!paramsResponse.ok()) {
    throw new Error(
      `searchParams answered ${paramsResponse.status()}: ${await paramsResponse.text()}`,
    );
  }
  const { result } = (await paramsResponse.json()) as {
    result: { host: string; apiKey: string; index: string };
  };
  const response = await request.post(
    `${result.host}/indexes/${encodeURIComponent(result.index)}/search`,
    { headers: { authorization: `Bearer ${result.apiKey}` }, data: { q, limit } },
  );
  if (!response.ok())
    throw new Error(`search answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { hits: Hit[] }).hits;
}

/** A tiny deterministic generator (mulberry32), so every run types the same queries. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Plain ASCII (keys a US keyboard types, so each one fires a keydown), or null. */
function typeable(text: string): string | null {
  const ascii = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 .'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.length >= 2 ? ascii : null;
}

/** Swaps two neighbouring letters of the longest word: the kind of typo people make. */
function withTypo(text: string, next: () => number): string | null {
  const words = text.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 6) return null;
  const at = 1 + Math.floor(next() * (longest.length - 3));
  const typo = longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2);
  return typo === longest ? null : typo;
}

/**
 * About 100 queries a person would type, taken from the demo data through the search service:
 * company names (first word, or two), people's names, invoice and member numbers (the exact
 * stage), and names with a typo (the typo stage).
 */
async function buildQueries(request: APIRequestContext): Promise<string[]> {
  const hits = new Map<string, Hit>();
  // Letters find names; years find invoices (their numbers are `{year}-{sequence}`).
  const seeds = ['a', 'e', 'i', 'o', 'u', 'an', 'er', 'in', 'on', 'ar', 'ma', 'lo'];
  for (const seed of [...seeds, '2024', '2025', '2026']) {
    for (const hit of await searchByApi(request, seed))
      hits.set(`${hit._type}:${hit._firestore_id}`, hit);
  }
  const next = random(20_261_122);
  const pick = <T>(items: T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      chosen.push(...pool.splice(Math.floor(next() * pool.length), 1));
    }
    return chosen;
  };
  const names = (type: string) =>
    [...hits.values()]
      .filter((hit) => hit._type === type && hit.name)
      .map((hit) => typeable(hit.name ?? ''))
      .filter((name): name is string => name !== null);

  const companies = [...names('member'), ...names('application')].map((name) => {
    const words = name.split(' ');
    // Either the first word (a prefix search) or the first two (a narrower one).
    return next() < 0.5 || words.length < 2 ? (words[0] ?? name) : words.slice(0, 2).join(' ');
  });
  const people = names('profile');
  const invoiceNumbers = names('invoice');
  const memberNumbers = [...hits.values()]
    .filter((hit) => hit._type === 'member')
    .map((hit) => /Member (\S+)/.exec(hit.description)?.[1])
    .filter((number): number is string => number !== undefined);
  const typos = pick([...companies, ...people], 40)
    .map((name) => withTypo(name, next))
    .filter((typo): typo is string => typo !== null);

  const queries = [
    ...pick(
      companies.filter((name) => name.length >= 3),
      35,
    ),
    ...pick(people, 25),
    ...pick(invoiceNumbers, 10),
    ...pick(memberNumbers, 10),
    ...pick(typos, 20),
  ];
  return [...new Set(queries)].slice(0, queryCount);
}

// --- Measuring in the page --------------------------------------------------------------------

type BenchWindow = Window & {
  paletteBench: { keydownAt: number; answer: Promise<number | null> | null };
};

/** Notes the time of every keydown (the event's own timestamp, on performance.now()'s clock). */
async function installKeydownClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { keydownAt: 0, answer: null };
    (window as unknown as BenchWindow).paletteBench = state;
    document.addEventListener('keydown', (event) => (state.keydownAt = event.timeStamp), {
      capture: true,
    });
  });
}

/**
 * Starts waiting, inside the page, for the result list to show the answer to `expected`: the
 * palette sets `data-query` on the list in the same render as the hits. The time is taken in
 * the next animation frame, when that render is about to be painted.
 */
async function armAnswerWatch(page: Page, expected: string, timeoutMs: number): Promise<void> {
  await page.evaluate(
    ({ expected, timeoutMs }) => {
      const state = (window as unknown as BenchWindow).paletteBench;
      const list = document.querySelector('[role="listbox"][aria-label="Search results"]');
      if (!list) throw new Error('The palette has no result list.');
      state.answer = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (list.getAttribute('data-query') !== expected) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - state.keydownAt));
        });
        observer.observe(list, { attributes: true, attributeFilter: ['data-query'] });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, timeoutMs);
      });
    },
    { expected, timeoutMs },
  );
}

function answerTime(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as unknown as BenchWindow).paletteBench.answer);
}

/** The palette's own normalization: surrounding spaces do not make a new query. */
const normalize = (text: string) => text.trim();

async function typeQueries(
  context: BenchmarkContext,
  page: Page,
  queries: string[],
): Promise<{ samples: KeystrokeSample[]; timeouts: string[] }> {
  // Which queries the palette sent to the server, counted from the request bodies.
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/indexes\/[^/]+\/search$/.test(request.url())) return;
    const q = (request.postDataJSON() as { q?: string } | null)?.q ?? '';
    requested.set(q, (requested.get(q) ?? 0) + 1);
  });

  const input = page.getByRole('combobox', { name: 'Search' });
  const samples: KeystrokeSample[] = [];
  const timeouts: string[] = [];
  for (const [index, query] of queries.entries()) {
    await input.fill('');
    await sleep(200); // quiet: the first key of the query is not part of a burst
    let typed = '';
    for (const character of query) {
      const before = normalize(typed);
      typed += character;
      const expected = normalize(typed);
      if (expected === before) {
        // A space changes nothing to search for; type it at the same pace, unmeasured.
        await page.keyboard.type(character);
        await sleep(keystrokeIntervalMs);
        continue;
      }
      const requestsBefore = requested.get(expected) ?? 0;
      await armAnswerWatch(page, expected, answerTimeoutMs);
      const sentAt = performance.now();
      await page.keyboard.type(character);
      const ms = await answerTime(page);
      if (ms === null) {
        timeouts.push(expected);
      } else {
        samples.push({
          query: expected,
          ms,
          isFromServer: (requested.get(expected) ?? 0) > requestsBefore,
        });
      }
      const elapsed = performance.now() - sentAt;
      if (elapsed < keystrokeIntervalMs) await sleep(keystrokeIntervalMs - elapsed);
    }
    if ((index + 1) % 20 === 0) context.log(`${index + 1}/${queries.length} queries typed`);
  }
  return { samples, timeouts };
}

export const paletteKeystroke: Benchmark = {
  name: 'palette-keystroke',
  measures:
    'keystroke to rendered results in the search palette, in headless Chromium against the ' +
    'production build on the demo data: about 100 queries taken from that data (company and ' +
    "people's names, invoice and member numbers, names with a typo) typed key by key at about " +
    '150 ms a key (or slower, when an answer takes longer); from the keydown event to the ' +
    "animation frame after the result list shows the answer for exactly the typed text (the list's " +
    '`data-query`). Samples are the keystrokes the server answered; answers the palette had ' +
    'cached are reported apart.',
  unit: 'ms',
  target: 100,
  dataSize: 'demo data (1,000 members)',
  runs: queryCount,
  async run(context) {
    const dataDir = context.newDataDir('palette-keystroke');
    const server = await startServer({ dataDir, seed: 'demo' });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      context.log(`operator ${operatorEmail} created`);
      const browser = await launchChromium();
      try {
        const browserContext = await browser.newContext({ baseURL: server.url });
        const signIn = await browserContext.request.post('/api/auth/password', {
          data: { email: operatorEmail, password: operatorPassword },
        });
        if (!signIn.ok())
          throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);

        const queries = await buildQueries(browserContext.request);
        context.log(`${queries.length} queries, e.g. ${queries.slice(0, 5).join(' | ')}`);

        const page = await browserContext.newPage();
        await page.goto('/', { waitUntil: 'networkidle' });
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        await installKeydownClock(page);
        await page.keyboard.press('Control+k');
        const input = page.getByRole('combobox', { name: 'Search' });
        await input.waitFor();
        // Warm up: the palette's code, the search key, the server's first queries.
        for (const warmUp of ['wa', 'warm']) {
          await input.fill(warmUp);
          await page
            .locator(`[role="listbox"][data-query="${warmUp}"]`)
            .waitFor({ state: 'attached' });
        }

        const startedAt = performance.now();
        const { samples, timeouts } = await typeQueries(context, page, queries);
        context.log(
          `${samples.length} keystrokes measured in ${formatDuration(performance.now() - startedAt)}` +
            (timeouts.length
              ? `, ${timeouts.length} without an answer within ${answerTimeoutMs} ms`
              : ''),
        );

        const fromServer = samples
          .filter((sample) => sample.isFromServer)
          .map((sample) => sample.ms);
        const cached = samples.filter((sample) => !sample.isFromServer).map((sample) => sample.ms);
        const all = samples.map((sample) => sample.ms);
        const round = (ms: number) => Math.round(ms * 10) / 10;
        const summary = (values: number[]) => ({
          count: values.length,
          p50: round(median(values)),
          p95: round(percentile(values, 0.95)),
          max: round(Math.max(...values)),
        });
        context.log(
          `server answers p50 ${formatDuration(median(fromServer))}, p95 ` +
            `${formatDuration(percentile(fromServer, 0.95))}; cached ${cached.length}`,
        );
        // A keystroke that never showed its answer is as slow as it gets: it counts at the cap.
        const timedOut = timeouts.map(() => answerTimeoutMs);
        return {
          samples: [...fromServer, ...timedOut],
          details: {
            browser: `Chromium ${browser.version()}`,
            keystrokeIntervalMs,
            queries,
            fromServer: summary(fromServer),
            cached: cached.length ? summary(cached) : { count: 0 },
            allKeystrokes: summary(all),
            timeouts,
            slowest: [...samples]
              .sort((a, b) => b.ms - a.ms)
              .slice(0, 10)
              .map((sample) => ({ query: sample.query, ms: round(sample.ms) })),
          },
        };
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  },
};

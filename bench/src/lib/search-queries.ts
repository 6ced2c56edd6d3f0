import pino from 'pino';
import { openDatabase } from '../../../apps/server/src/db/database';
import { createPrng } from '../../../apps/server/src/seed/prng';

/**
 * The 1,000 palette-style queries of the search benchmark, made from documents of the index
 * itself (so every query has an answer to look for), in the mix people type: identifiers,
 * prefixes of names while typing, whole names, and names with a typo.
 */
export type SearchQueryKind = 'exact' | 'prefix' | 'name' | 'typo';
export type SearchQuery = {
  kind: SearchQueryKind;
  q: string;
  expectedId: string;
  /** What the person meant: the query without its typo (the query itself otherwise). */
  intended: string;
};

function wordsOf(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Whether a hit is what the query meant: the very document, or one whose name holds every
 * intended word (the demo data repeats company names, and a person cannot tell those apart).
 */
export function isIntendedHit(query: SearchQuery, hit: { id: string; name?: string | null }) {
  if (hit.id === query.expectedId) return true;
  const nameWords = wordsOf(hit.name ?? '');
  return wordsOf(query.intended).every((word, i, all) =>
    nameWords.some((nameWord) =>
      i === all.length - 1 ? nameWord.startsWith(word) : nameWord === word,
    ),
  );
}

type SampledDocument = { type: string; record_id: string; name: string | null; keys: string[] };

/** The demo data's own generator: the same queries on every run. */
function createRandom(seed: number) {
  const prng = createPrng(seed, 'search-queries');
  return {
    int: (min: number, max: number) => prng.int(min, max),
    pick: <T>(items: readonly T[]): T => prng.pick(items),
  };
}
type Random = ReturnType<typeof createRandom>;

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** One typo as people make them: a letter swapped with its neighbour, replaced, dropped or doubled. */
function withTypo(word: string, random: Random): string {
  const chars = [...word];
  const at = random.int(1, chars.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string];
      break;
    case 1:
      chars[at] = random.pick([...letters].filter((letter) => letter !== chars[at]));
      break;
    case 2:
      chars.splice(at, 1);
      break;
    default:
      chars.splice(at, 0, chars[at] as string);
  }
  return chars.join('');
}

const latinWord = /^[A-Za-z]{5,}$/;

function queryFor(document: SampledDocument, kind: SearchQueryKind, random: Random) {
  const words = (document.name ?? '').split(/\s+/).filter((word) => word.length > 0);
  switch (kind) {
    case 'exact': {
      const key = document.keys.find((k) => k !== document.record_id && k.length >= 6);
      return key ? { q: key, expectedId: document.record_id } : null;
    }
    case 'prefix': {
      if (words.length === 0) return null;
      const count = random.int(1, Math.min(2, words.length));
      const typed = words.slice(0, count);
      const last = typed[count - 1] as string;
      typed[count - 1] = last.slice(0, random.int(Math.min(3, last.length), last.length));
      return { q: typed.join(' '), expectedId: document.record_id };
    }
    case 'name':
      return words.length > 0 ? { q: words.join(' '), expectedId: document.record_id } : null;
    case 'typo': {
      const index = words.findIndex((word) => latinWord.test(word));
      if (index < 0) return null;
      const typed = words.slice(0, Math.max(index + 1, Math.min(2, words.length)));
      // A word shorter than 5 letters gets no typo tolerance (by design): keep it 5 or more.
      let misspelt = withTypo(words[index] as string, random);
      while ([...misspelt].length < 5) misspelt = withTypo(words[index] as string, random);
      const intended = typed.join(' ');
      typed[index] = misspelt;
      return { q: typed.join(' '), expectedId: document.record_id, intended };
    }
  }
}

/** `where`: the DATA_DIR of a (running or stopped) server, or a connection string. */
export async function buildSearchQueries(
  where: { dataDir: string } | { databaseUrl: string },
  count = 1_000,
  seed = 4,
): Promise<SearchQuery[]> {
  const database = await openDatabase({
    databaseUrl: 'databaseUrl' in where ? where.databaseUrl : undefined,
    dataDir: 'dataDir' in where ? where.dataDir : '/nonexistent',
    role: 'cli',
    logger: pino({ level: 'silent' }),
  });
  try {
    // setseed + ORDER BY random() over a sample: the same documents on every run.
    const { rows } = await database.pool.query<SampledDocument>(
      `SELECT type, record_id, name, keys FROM search_documents
        TABLESAMPLE BERNOULLI (2) REPEATABLE (${seed})
        ORDER BY type, record_id LIMIT 20000`,
    );
    const random = createRandom(seed);
    const mix: SearchQueryKind[] = ['exact', 'prefix', 'prefix', 'name', 'typo', 'typo'];
    const queries: SearchQuery[] = [];
    for (let attempts = 0; queries.length < count && attempts < count * 20; attempts++) {
      const kind = mix[queries.length % mix.length] as SearchQueryKind;
      const document = random.pick(rows);
      const query = queryFor(document, kind, random);
      if (query) queries.push({ kind, intended: query.q, ...query });
    }
    return queries;
  } finally {
    await database.close();
  }
}

import type { SearchDocumentType, SearchMatchStage } from '@ops/contract';
import type pg from 'pg';
import { allowedTypos, correctionDistance } from './typos';

/**
 * The staged search of shared/design/search-notes.md. Each stage runs only while the page is not
 * full, and each looks at a bounded set of candidates, so a broad query costs what a narrow one
 * does:
 *   1. exact: an identifier, a number or an e-mail address (GIN on the normalized keys);
 *   2. name: names starting with the query (b-tree range) and names holding every word, the last
 *      one as a prefix (GIN on the name's terms), ranked over at most 1,000 candidates;
 *   3. text: the same words over name + description (weights A and B);
 *   4. typo: each word of 5+ letters replaced by its closest words of the names' vocabulary
 *      (trigram KNN over thousands of words, not millions of documents), then stages 2–3 again.
 */

export type SearchQuery = { q: string; limit: number; offset: number };

export type SearchDocumentHit = {
  type: SearchDocumentType;
  recordId: string;
  name: string | null;
  description: string;
  stage: SearchMatchStage;
  /** Rank within the stage, higher is better. */
  rank: number;
  typos: number;
};

export type SearchOutcome = { hits: SearchDocumentHit[]; estimatedTotalHits: number };

/** Candidates ranked per stage; a bound, not a page size (see the notes on broad queries). */
const nameCandidates = 1_000;
const textCandidates = 300;
const typoCandidates = 300;
/** Closest vocabulary words looked at per typed word, and kept after the distance check. */
const vocabularyNeighbours = 24;
const correctionsPerWord = 6;
/** Words shorter than this are matched as prefixes only through names (b-tree), see below. */
const shortestIndexedPrefix = 3;
const maxTotalHits = 1_000;

type Row = {
  type: SearchDocumentType;
  record_id: string;
  name: string | null;
  description: string;
  rank: number;
  typos?: number;
};

type Normalized = { norm: string; compact: string; words: string[] };

/** A tsquery term for a word made of letters and digits only (normalization guarantees it). */
function term(word: string, isPrefix: boolean) {
  return isPrefix ? `'${word}':*` : `'${word}'`;
}

/**
 * Splits the words into the part the GIN index answers and short prefixes checked on the
 * candidates only: a one- or two-letter prefix matches a large part of any index, and letting
 * the index expand it is what made two-letter queries the slowest class in the notes.
 */
function wordQueries(words: string[]) {
  const indexed: string[] = [];
  const filtered: string[] = [];
  words.forEach((word, i) => {
    const isLast = i === words.length - 1;
    if (isLast && [...word].length < shortestIndexedPrefix) filtered.push(term(word, true));
    else indexed.push(term(word, isLast));
  });
  return { indexed: indexed.join(' & '), filtered: filtered.join(' & ') };
}

class HitCollector {
  readonly hits: SearchDocumentHit[] = [];
  private readonly seen = new Set<string>();
  constructor(readonly wanted: number) {}

  get isFull() {
    return this.hits.length >= this.wanted;
  }

  add(rows: Row[], stage: SearchMatchStage) {
    for (const row of rows) {
      const key = `${row.type}:${row.record_id}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.hits.push({
        type: row.type,
        recordId: row.record_id,
        name: row.name,
        description: row.description,
        stage,
        rank: Number(row.rank),
        typos: row.typos ?? 0,
      });
    }
  }
}

/**
 * Statements are prepared once per connection (named): planning these queries costs more than
 * running them, and a search runs on every keystroke.
 */
async function run<T extends object>(pool: pg.Pool, name: string, text: string, values: unknown[]) {
  const result = await pool.query<T>({ name: `search-${name}`, text, values });
  return result.rows;
}

const exactSql = `
  WITH q AS (SELECT search_normalize(btrim($1)) AS norm, search_compact($1) AS compact),
  w AS (
    SELECT q.norm, q.compact, array_remove(regexp_split_to_array(
             btrim(regexp_replace(q.norm, '[^[:alnum:]]+', ' ', 'g')), ' '), '') AS words
      FROM q)
  SELECT w.norm, w.compact, w.words,
         -- Which words the names' vocabulary knows (the last one as a prefix): only the
         -- others are looked up for typos.
         ARRAY(SELECT EXISTS (
                 SELECT 1 FROM search_words s
                  WHERE CASE WHEN t.i = cardinality(w.words)
                             THEN s.word >= t.word AND s.word < t.word || chr(1114111)
                             ELSE s.word = t.word END)
                 FROM unnest(w.words) WITH ORDINALITY AS t(word, i) ORDER BY t.i) AS known,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT d.type, d.record_id, d.name, d.description, 1 AS rank
              FROM search_documents d
             WHERE d.keys && ARRAY[w.norm, w.compact, btrim($1)]
             ORDER BY d.sort_name, d.record_id
             LIMIT $2) x) AS exact
    FROM w`;

async function normalizeAndFindExact(pool: pg.Pool, q: string, wanted: number) {
  const [row] = await run<Normalized & { known: boolean[]; exact: Row[] }>(
    pool,
    'exact',
    exactSql,
    [q, wanted],
  );
  if (!row) throw new Error('search normalization returned no row');
  return row;
}

// $1 normalized query, $2 indexed tsquery ('' for none), $3 short-prefix tsquery checked on
// candidates only ('' for none), $4 rank tsquery, $5 wanted.
const nameCandidatesSql = `
  SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.name_terms
    FROM search_documents d
   WHERE $2 <> '' AND d.name_terms @@ to_tsquery('simple', $2)
     AND CASE WHEN $3 = '' THEN true
              ELSE ts_match_vq(d.name_terms, to_tsquery('simple', $3)) END
   LIMIT ${nameCandidates}`;
const namePrefixSql = `
  SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.name_terms
    FROM search_documents d
   WHERE d.sort_name >= $1 AND d.sort_name < $1 || chr(1114111)
   ORDER BY d.sort_name
   LIMIT $5`;
const nameRankSql = (pool: string) => `
  SELECT p.type, p.record_id, p.name, p.description,
         (CASE WHEN p.sort_name = $1 THEN 3 WHEN starts_with(p.sort_name, $1) THEN 2 ELSE 0 END)
           + ts_rank(p.name_terms, to_tsquery('simple', $4)) AS rank,
         (SELECT count(*) FROM candidates)::int AS candidates
    FROM ${pool} p
   ORDER BY rank DESC, length(p.sort_name), p.sort_name, p.record_id
   LIMIT $5`;
const nameSql = `
  WITH candidates AS MATERIALIZED (${nameCandidatesSql}),
       pool AS (SELECT * FROM candidates UNION (${namePrefixSql}))
  ${nameRankSql('pool')}`;
const nameWithoutPrefixSql = `
  WITH candidates AS MATERIALIZED (${nameCandidatesSql})
  ${nameRankSql('candidates')}`;

/** Stage 2 (and stage 4 with corrected words): names. */
async function findByName(
  pool: pg.Pool,
  norm: string,
  query: { indexed: string; filtered: string },
  wanted: number,
  options: { withPrefixScan: boolean },
) {
  const rows = await run<Row & { candidates: number }>(
    pool,
    options.withPrefixScan ? 'name' : 'name-words',
    options.withPrefixScan ? nameSql : nameWithoutPrefixSql,
    [norm, query.indexed, query.filtered, query.indexed || query.filtered, wanted],
  );
  return { rows, candidates: Math.max(rows[0]?.candidates ?? 0, rows.length) };
}

// $1 indexed tsquery, $2 short-prefix tsquery ('' for none), $3 wanted, $4 candidates.
const textSql = `
  WITH candidates AS MATERIALIZED (
    SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.all_terms
      FROM search_documents d
     WHERE d.all_terms @@ to_tsquery('simple', $1)
       AND CASE WHEN $2 = '' THEN true
                ELSE ts_match_vq(d.all_terms, to_tsquery('simple', $2)) END
     LIMIT $4)
  SELECT c.type, c.record_id, c.name, c.description,
         ts_rank(c.all_terms, to_tsquery('simple', $1)) AS rank,
         (SELECT count(*) FROM candidates)::int AS candidates
    FROM candidates c
   ORDER BY rank DESC, length(c.sort_name), c.sort_name, c.record_id
   LIMIT $3`;

/** Stage 3 (and stage 4 with corrected words): name and description. */
async function findByText(
  pool: pg.Pool,
  query: { indexed: string; filtered: string },
  wanted: number,
  limit: number,
) {
  if (!query.indexed) return { rows: [] as Row[], candidates: 0 };
  const rows = await run<Row & { candidates: number }>(pool, 'text', textSql, [
    query.indexed,
    query.filtered,
    wanted,
    limit,
  ]);
  return { rows, candidates: rows[0]?.candidates ?? 0 };
}

const neighboursSql = `
  SELECT q.i, c.word
    FROM unnest($1::text[], $2::bool[], $3::int[]) AS q(word, is_last, i)
   CROSS JOIN LATERAL (
     (SELECT s.word FROM search_words s WHERE NOT q.is_last
       ORDER BY s.word <-> q.word LIMIT ${vocabularyNeighbours})
     UNION ALL
     (SELECT s.word FROM search_words s WHERE q.is_last
       ORDER BY q.word <<-> s.word LIMIT ${vocabularyNeighbours})
   ) c`;

/**
 * Close words of the vocabulary for each typed word long enough to carry a typo: KNN on
 * trigrams finds neighbours cheaply, then an edit distance with transpositions decides (a
 * trigram score alone lets swapped letters in short words slip through or in).
 */
async function findCorrections(pool: pg.Pool, words: string[], known: boolean[]) {
  const eligible = words
    .map((word, i) => ({ word, isLast: i === words.length - 1, i }))
    .filter(({ word, i }) => !known[i] && allowedTypos(word) > 0);
  const corrections = new Map<number, string[]>();
  if (eligible.length === 0) return corrections;
  const rows = await run<{ i: number; word: string }>(pool, 'neighbours', neighboursSql, [
    eligible.map((e) => e.word),
    eligible.map((e) => e.isLast),
    eligible.map((e) => e.i),
  ]);
  for (const { word, isLast, i } of eligible) {
    const scored = rows
      .filter((row) => row.i === i && row.word !== word)
      .map((row) => ({ word: row.word, distance: correctionDistance(word, row.word, isLast) }))
      .filter(({ distance }) => distance <= allowedTypos(word))
      .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
      .slice(0, correctionsPerWord);
    if (scored.length > 0)
      corrections.set(
        i,
        scored.map(({ word: w }) => w),
      );
  }
  return corrections;
}

function correctedQuery(words: string[], corrections: Map<number, string[]>) {
  return words
    .map((word, i) => {
      const isLast = i === words.length - 1;
      const options = [word, ...(corrections.get(i) ?? [])].map((w) => term(w, isLast));
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}

const typosSql = `
  SELECT d.type, d.record_id,
         (SELECT count(*) FROM unnest($1::text[]) AS w(t)
           WHERE NOT ts_match_vq(d.all_terms, to_tsquery('simple', w.t)))::int AS typos
    FROM unnest($2::text[], $3::text[]) AS k(type, record_id)
    JOIN search_documents d ON d.type = k.type AND d.record_id = k.record_id`;

/** Counts, for each hit of the typo stage, the typed words that matched only once corrected. */
async function countTypos(
  pool: pg.Pool,
  rows: Row[],
  words: string[],
  corrections: Map<number, string[]>,
) {
  const corrected = [...corrections.keys()].map((i) =>
    term(words[i] ?? '', i === words.length - 1),
  );
  if (rows.length === 0 || corrected.length === 0) return rows;
  const counted = await run<{ type: string; record_id: string; typos: number }>(
    pool,
    'typos',
    typosSql,
    [corrected, rows.map((r) => r.type), rows.map((r) => r.record_id)],
  );
  const typosOf = new Map(counted.map((row) => [`${row.type}:${row.record_id}`, row.typos]));
  return rows.map((row) => ({
    ...row,
    typos: typosOf.get(`${row.type}:${row.record_id}`) ?? 1,
  }));
}

export async function searchDocuments(
  pool: pg.Pool,
  { q, limit, offset }: SearchQuery,
): Promise<SearchOutcome> {
  const text = q.trim();
  if (text === '') return { hits: [], estimatedTotalHits: 0 };
  // Stages look at enough hits for the page asked; a limit of 0 still estimates the total.
  const wanted = Math.min(Math.max(offset + limit, 20), maxTotalHits);
  const collector = new HitCollector(wanted);

  const { norm, words, known, exact } = await normalizeAndFindExact(pool, text, wanted);
  collector.add(exact, 'exact');
  let estimate = exact.length;

  const query = wordQueries(words);
  if (!collector.isFull && (norm !== '' || words.length > 0)) {
    // A single short word is a name prefix only (b-tree); otherwise names by words too.
    const byName = await findByName(pool, norm, query, wanted, { withPrefixScan: norm !== '' });
    collector.add(byName.rows, 'name');
    estimate = Math.max(estimate, exact.length + byName.candidates);
  }
  if (!collector.isFull && query.indexed) {
    const byText = await findByText(pool, query, wanted, textCandidates);
    collector.add(byText.rows, 'text');
    estimate = Math.max(estimate, collector.hits.length, byText.candidates);
  }
  if (!collector.isFull && words.length > 0) {
    const corrections = await findCorrections(pool, words, known);
    if (corrections.size > 0) {
      const typoQuery = { indexed: correctedQuery(words, corrections), filtered: '' };
      const byName = await findByName(pool, norm, typoQuery, wanted, { withPrefixScan: false });
      collector.add(await countTypos(pool, byName.rows, words, corrections), 'typo');
      if (!collector.isFull) {
        const byText = await findByText(pool, typoQuery, wanted, typoCandidates);
        collector.add(await countTypos(pool, byText.rows, words, corrections), 'typo');
      }
    }
  }
  estimate = Math.min(Math.max(estimate, collector.hits.length), maxTotalHits);
  return { hits: collector.hits.slice(offset, offset + limit), estimatedTotalHits: estimate };
}

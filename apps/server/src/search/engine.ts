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
 *   4. typo: each word of 5+ letters (only the unknown ones while hits are plenty) replaced by
 *      its close words in the vocabulary of all words (trigram similarity on tens of thousands
 *      of words, not a million documents, plus the word with two letters swapped), then stages
 *      2–3 again.
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
const vocabularyNeighbours = 40;
const correctionsPerWord = 6;
/** Words shorter than this are matched as prefixes only through names (b-tree), see below. */
const shortestIndexedPrefix = 3;
/** A typed prefix that can become at most this many words is written out as those words. */
const maxExpansions = 12;
const maxTotalHits = 1_000;
/**
 * Below this many hits, words the vocabulary knows are corrected too ('moris' is a name, but
 * whoever finds almost nothing probably meant 'morris'); above it, only unknown words are.
 */
const fewHits = 5;

type Row = {
  type: SearchDocumentType;
  record_id: string;
  name: string | null;
  description: string;
  rank: number;
  typos?: number;
};

type Normalized = { norm: string; words: string[] };

/** A tsquery term for a word made of letters and digits only (normalization guarantees it). */
function term(word: string, isPrefix: boolean) {
  return isPrefix ? `'${word}':*` : `'${word}'`;
}

/**
 * Turns the words into tsqueries: the part the GIN index answers, and a short prefix checked on
 * the candidates only (a one- or two-letter prefix stands for a large part of any index).
 *
 * The last word is still being typed, so it is a prefix. A prefix ('logistics:*') makes GIN
 * collect every matching document before intersecting, where exact words let it skip through
 * the rare ones; so when the vocabulary says the prefix can only become a few words, they are
 * written out instead: 'logistics' → ('logistics' | 'logisticsgroup').
 */
function wordQueries(words: string[], expansions: string[] = []) {
  const indexed: string[] = [];
  const filtered: string[] = [];
  words.forEach((word, i) => {
    const isLast = i === words.length - 1;
    if (!isLast) indexed.push(term(word, false));
    else if ([...word].length < shortestIndexedPrefix) filtered.push(term(word, true));
    else if (isExpandable(word, expansions)) indexed.push(anyOf(expansions));
    else indexed.push(term(word, true));
  });
  return { indexed: indexed.join(' & '), filtered: filtered.join(' & ') };
}

/** Only words of letters are all in the vocabulary; a prefix of digits keeps its ':*'. */
function isExpandable(word: string, expansions: string[]) {
  return expansions.length > 0 && expansions.length <= maxExpansions && /^\p{L}+$/u.test(word);
}

function anyOf(words: string[]) {
  const terms = words.map((word) => term(word, false));
  return terms.length === 1 ? (terms[0] as string) : `(${terms.join(' | ')})`;
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
         -- Which words the vocabulary knows (the last one as a prefix): only the
         -- others are looked up for typos.
         ARRAY(SELECT CASE WHEN t.i = cardinality(w.words)
                           THEN EXISTS (SELECT 1 FROM search_words s
                                         WHERE s.word >= t.word AND s.word < t.word || chr(1114111))
                           ELSE EXISTS (SELECT 1 FROM search_words s WHERE s.word = t.word) END
                 FROM unnest(w.words) WITH ORDINALITY AS t(word, i) ORDER BY t.i) AS known,
         -- The words the last (still typed) word can become, when they are few.
         ARRAY(SELECT s.word FROM search_words s
                WHERE s.word >= w.words[cardinality(w.words)]
                  AND s.word < w.words[cardinality(w.words)] || chr(1114111)
                ORDER BY s.word LIMIT ${maxExpansions + 1}) AS expansions,
         (SELECT coalesce(json_agg(x ORDER BY x.sort_name, x.record_id), '[]') FROM (
            -- No ORDER BY or LIMIT inside the fence (OFFSET 0): either tempts the planner, which
            -- cannot estimate '&&' on unique keys, to scan a million rows instead of asking the
            -- keys index for the few that match.
            SELECT * FROM (
              SELECT d.type, d.record_id, d.name, d.description, d.sort_name, 1 AS rank
                FROM search_documents d
               WHERE d.keys && ARRAY[w.norm, w.compact, btrim($1)]
              OFFSET 0) matched
             ORDER BY matched.sort_name, matched.record_id
             LIMIT $2) x) AS exact
    FROM w`;

async function normalizeAndFindExact(pool: pg.Pool, q: string, wanted: number) {
  const [row] = await run<Normalized & { known: boolean[]; expansions: string[]; exact: Row[] }>(
    pool,
    'exact',
    exactSql,
    [q, wanted],
  );
  if (!row) throw new Error('search normalization returned no row');
  return row;
}

// $1 normalized query, $2 indexed tsquery ('' for none), $3 prefix tsquery checked on the
// candidates only ('' for none), $4 rank tsquery, $5 wanted, $6 the typed words that were
// corrected (their tsquery terms), counted per hit as typos when the hit lacks them.
const namePrefixSql = `
  SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.name_terms, d.all_terms
    FROM search_documents d
   WHERE d.sort_name >= $1 AND d.sort_name < $1 || chr(1114111)
   ORDER BY d.sort_name
   LIMIT $5`;
const nameCandidatesSql = (gate: string) => `
  SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.name_terms, d.all_terms
    FROM search_documents d
   WHERE ${gate} $2 <> '' AND d.name_terms @@ to_tsquery('simple', $2)
     AND CASE WHEN $3 = '' THEN true
              ELSE ts_match_vq(d.name_terms, to_tsquery('simple', $3)) END
   LIMIT ${nameCandidates}`;
const nameRankSql = (pool: string) => `
  SELECT p.type, p.record_id, p.name, p.description,
         (CASE WHEN p.sort_name = $1 THEN 3 WHEN starts_with(p.sort_name, $1) THEN 2 ELSE 0 END)
           + ts_rank(p.name_terms, to_tsquery('simple', $4)) AS rank,
         (SELECT count(*) FROM unnest($6::text[]) AS w(t)
           WHERE NOT ts_match_vq(p.all_terms, to_tsquery('simple', w.t)))::int AS typos,
         (SELECT count(*) FROM candidates)::int AS candidates
    FROM ${pool} p
   ORDER BY rank DESC, length(p.sort_name), p.sort_name, p.record_id
   LIMIT $5`;
// Names starting with the query come first and cost a b-tree range; when they fill the page,
// the word index is not asked at all ('2025-10' would otherwise sift 180,000 invoices of 2025).
const nameSql = `
  WITH prefixed AS MATERIALIZED (${namePrefixSql}),
       candidates AS MATERIALIZED (
         ${nameCandidatesSql('(SELECT count(*) FROM prefixed) < $5 AND')}),
       pool AS (SELECT * FROM candidates UNION SELECT * FROM prefixed)
  ${nameRankSql('pool')}`;
const nameWithoutPrefixSql = `
  WITH candidates AS MATERIALIZED (${nameCandidatesSql('')})
  ${nameRankSql('candidates')}`;

/** Every word, for ranking: what the index found and what filtered it. */
function rankQuery(query: { indexed: string; filtered: string }) {
  return [query.indexed, query.filtered].filter((part) => part !== '').join(' & ');
}

/** Stage 2 (and stage 4 with corrected words): names. */
async function findByName(
  pool: pg.Pool,
  norm: string,
  query: { indexed: string; filtered: string },
  wanted: number,
  options: { withPrefixScan: boolean; corrected?: string[] },
) {
  const rows = await run<Row & { candidates: number }>(
    pool,
    options.withPrefixScan ? 'name' : 'name-words',
    options.withPrefixScan ? nameSql : nameWithoutPrefixSql,
    [norm, query.indexed, query.filtered, rankQuery(query), wanted, options.corrected ?? []],
  );
  return { rows, candidates: Math.max(rows[0]?.candidates ?? 0, rows.length) };
}

// $1 indexed tsquery, $2 prefix tsquery checked on candidates ('' for none), $3 wanted,
// $4 candidates, $5 rank tsquery, $6 corrected words (see the name stage).
const textSql = `
  WITH candidates AS MATERIALIZED (
    SELECT d.type, d.record_id, d.name, d.description, d.sort_name, d.all_terms
      FROM search_documents d
     WHERE d.all_terms @@ to_tsquery('simple', $1)
       AND CASE WHEN $2 = '' THEN true
                ELSE ts_match_vq(d.all_terms, to_tsquery('simple', $2)) END
     LIMIT $4)
  SELECT c.type, c.record_id, c.name, c.description,
         ts_rank(c.all_terms, to_tsquery('simple', $5)) AS rank,
         (SELECT count(*) FROM unnest($6::text[]) AS w(t)
           WHERE NOT ts_match_vq(c.all_terms, to_tsquery('simple', w.t)))::int AS typos,
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
  corrected: string[] = [],
) {
  if (!query.indexed) return { rows: [] as Row[], candidates: 0 };
  const rows = await run<Row & { candidates: number }>(pool, 'text', textSql, [
    query.indexed,
    query.filtered,
    wanted,
    limit,
    rankQuery(query),
    corrected,
  ]);
  return { rows, candidates: rows[0]?.candidates ?? 0 };
}

// Trigram neighbours, plus the typed word with two neighbouring letters swapped looked up as
// is: trigrams barely see a swap in a short word ('hlaim' shares almost none with 'halim').
const neighboursSql = `
  SELECT q.i, n.word
    FROM unnest($1::text[], $2::bool[], $3::int[]) AS q(word, is_last, i)
   CROSS JOIN LATERAL search_word_neighbours(q.word, q.is_last, ${vocabularyNeighbours}) AS n(word)
  UNION ALL
  SELECT v.i, s.word
    FROM unnest($4::text[], $5::bool[], $6::int[]) AS v(variant, is_last, i)
   CROSS JOIN LATERAL (
     SELECT s.word FROM search_words s
      WHERE s.word >= v.variant
        AND s.word < v.variant || CASE WHEN v.is_last THEN chr(1114111) ELSE chr(1) END
      ORDER BY s.word LIMIT 3) s`;

/** The word with each pair of neighbouring letters swapped. */
function swaps(word: string): string[] {
  const letters = [...word];
  const variants: string[] = [];
  for (let i = 0; i < letters.length - 1; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] as string, swapped[i] as string];
    variants.push(swapped.join(''));
  }
  return variants;
}

/**
 * Close words of the vocabulary for each typed word long enough to carry a typo: trigram
 * similarity finds neighbours cheaply (search_word_neighbours), then an edit distance with transpositions decides (a
 * trigram score alone lets swapped letters in short words slip through or in).
 */
async function findCorrections(
  pool: pg.Pool,
  words: string[],
  known: boolean[],
  expandKnown: boolean,
) {
  const eligible = words
    .map((word, i) => ({ word, isLast: i === words.length - 1, i }))
    .filter(({ word, i }) => (expandKnown || !known[i]) && allowedTypos(word) > 0);
  const corrections = new Map<number, string[]>();
  if (eligible.length === 0) return corrections;
  const variants = eligible.flatMap((e) =>
    swaps(e.word).map((variant) => ({ variant, isLast: e.isLast, i: e.i })),
  );
  const rows = await run<{ i: number; word: string }>(pool, 'neighbours', neighboursSql, [
    eligible.map((e) => e.word),
    eligible.map((e) => e.isLast),
    eligible.map((e) => e.i),
    variants.map((v) => v.variant),
    variants.map((v) => v.isLast),
    variants.map((v) => v.i),
  ]);
  for (const { word, isLast, i } of eligible) {
    const scored = rows
      .filter((row, at, all) => row.i === i && row.word !== word && all.indexOf(row) === at)
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

/**
 * The query with each corrected word replaced by itself or its corrections. Corrections are
 * whole words of the vocabulary, written out (no ':*', for the reason given at wordQueries);
 * the typed last word keeps its own expansion.
 */
function correctedQuery(words: string[], corrections: Map<number, string[]>, expansions: string[]) {
  return words
    .map((word, i) => {
      const isLast = i === words.length - 1;
      const typed = !isLast
        ? [term(word, false)]
        : isExpandable(word, expansions)
          ? expansions.map((w) => term(w, false))
          : [term(word, true)];
      const options = [
        ...new Set([...typed, ...(corrections.get(i) ?? []).map((w) => term(w, false))]),
      ];
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
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

  const { norm, words, known, expansions, exact } = await normalizeAndFindExact(pool, text, wanted);
  collector.add(exact, 'exact');
  let estimate = exact.length;
  // One token that is an identifier (a number, an e-mail address): the person wants that record.
  if (exact.length > 0 && !/\s/.test(text)) {
    return { hits: collector.hits.slice(offset, offset + limit), estimatedTotalHits: estimate };
  }

  const query = wordQueries(words, expansions);
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
    const corrections = await findCorrections(pool, words, known, collector.hits.length < fewHits);
    if (corrections.size > 0) {
      const typoQuery = {
        indexed: correctedQuery(words, corrections, expansions),
        filtered: '',
      };
      // The typed words that matched only once corrected, counted per hit.
      const corrected = [...corrections.keys()].map((i) =>
        term(words[i] ?? '', i === words.length - 1),
      );
      const byName = await findByName(pool, norm, typoQuery, wanted, {
        withPrefixScan: false,
        corrected,
      });
      collector.add(byName.rows, 'typo');
      if (!collector.isFull) {
        const byText = await findByText(pool, typoQuery, wanted, typoCandidates, corrected);
        collector.add(byText.rows, 'typo');
      }
    }
  }
  estimate = Math.min(Math.max(estimate, collector.hits.length), maxTotalHits);
  return { hits: collector.hits.slice(offset, offset + limit), estimatedTotalHits: estimate };
}

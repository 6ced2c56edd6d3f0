/**
 * Typo tolerance as the best search engines set it: none below 5 letters, one from 5, two
 * from 9 (Meilisearch's defaults). Lengths count characters, not UTF-16 units.
 */
export function allowedTypos(word: string): number {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string
 * alignment), so 'lrason' is one typo from 'larson', as a person would count it.
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[rows - 1] as number[])[cols - 1] as number;
}

/**
 * How many typos separate what was typed from a word of the vocabulary. The last word of a
 * query is still being typed, so it is compared with the word's beginnings of about its length.
 */
export function correctionDistance(typed: string, word: string, isPrefix: boolean): number {
  if (!isPrefix) return editDistance(typed, word);
  const typedLength = [...typed].length;
  const letters = [...word];
  const slack = allowedTypos(typed);
  let best = Number.POSITIVE_INFINITY;
  for (
    let k = Math.max(1, typedLength - slack);
    k <= Math.min(letters.length, typedLength + slack);
    k++
  ) {
    best = Math.min(best, editDistance(typed, letters.slice(0, k).join('')));
  }
  return best;
}

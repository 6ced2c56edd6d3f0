/**
 * Encoding for `COPY ... FROM STDIN (FORMAT csv)`. In that format an unquoted empty field is NULL
 * and a quoted one ("") is the empty string, so NULL and '' stay distinct; a quoted field may hold
 * commas, quotes (doubled) and newlines, and quoting also keeps a lone `\.` from ending the data.
 */

/**
 * How a value is written: text[] columns take a PostgreSQL array literal, jsonb takes JSON, bytea
 * takes its hex form (`\x…`).
 */
export type CsvColumnKind = 'value' | 'json' | 'text-array' | 'bytea';

const needsQuoting = /[",\r\n\\]/;

export function csvQuote(text: string): string {
  if (text === '' || needsQuoting.test(text)) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/** A PostgreSQL array literal: every element quoted, `"` and `\` escaped with a backslash. */
export function pgTextArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

export function csvField(value: unknown, kind: CsvColumnKind = 'value'): string {
  if (value === null || value === undefined) return '';
  if (kind === 'bytea') {
    if (!Buffer.isBuffer(value)) throw new Error('expected a Buffer for a bytea column');
    return `\\x${value.toString('hex')}`; // nothing to quote: a backslash, x and hex digits
  }
  if (kind === 'json') return csvQuote(typeof value === 'string' ? value : JSON.stringify(value));
  if (kind === 'text-array') {
    if (!Array.isArray(value))
      throw new Error(`expected an array for a text[] column: ${String(value)}`);
    return csvQuote(pgTextArray(value as string[]));
  }
  switch (typeof value) {
    case 'string':
      return csvQuote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to the database`);
      return String(value);
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return value.toISOString();
      throw new Error(`no CSV encoding for ${typeof value}: ${JSON.stringify(value)}`);
  }
}

/** One CSV line (with its newline) of `row`'s `columns`, in order. */
export function csvLine(
  row: Readonly<Record<string, unknown>>,
  columns: readonly string[],
  kinds: Readonly<Record<string, CsvColumnKind>>,
): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as string;
    if (i > 0) line += ',';
    line += csvField(row[column], kinds[column] ?? 'value');
  }
  return `${line}\n`;
}

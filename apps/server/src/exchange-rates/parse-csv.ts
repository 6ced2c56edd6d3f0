import type { TErrorRule, TFieldIssue } from '@ops/contract';
import { exchangeRateBaseCurrency, parseExchangeRate } from '@ops/contract/exchange-rates';
import { parse } from 'csv-parse/sync';
import { AppError, badInput } from '../errors';
import { rateId } from './rate-row';

/** A valid row of a rates file. */
export type RateCsvRow = {
  /** Its line in the file (the header is line 1). */
  line: number;
  currency: string;
  /** YYYY-MM */
  month: string;
  /** The canonical decimal text. */
  rate: string;
  millionths: bigint;
};

const columns = ['currency', 'month', 'rate'] as const;
type Column = (typeof columns)[number];

/** Issues listed in a refusal: a file of 10,000 bad rows answers with the first hundred. */
const maxIssues = 100;

/**
 * The file as text: UTF-8 (a BOM dropped), else Windows-1252, which Excel writes as "CSV" on
 * Western Windows. A rates file is ASCII in practice; this only keeps a stray byte from
 * becoming a 500.
 */
function decode(content: Buffer | string): string {
  const text =
    typeof content === 'string'
      ? content
      : (() => {
          try {
            return new TextDecoder('utf-8', { fatal: true }).decode(content);
          } catch {
            return new TextDecoder('windows-1252').decode(content);
          }
        })();
  return text.replace(/^\uFEFF/, '');
}

/** ';' when the header is separated by semicolons (Excel where the decimal mark is a comma). */
function separatorOf(text: string): ',' | ';' {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function issue(
  line: number,
  field: Column | 'row',
  rule: TErrorRule,
  message: string,
): TFieldIssue {
  return { path: `body.line.${line}.${field}`, rule, message: `Line ${line}: ${message}` };
}

/**
 * Reads a rates file — header `currency,month,rate` (any order, any case), a month `YYYY-MM`, a
 * rate with `.` as decimal mark (or `,` in a semicolon-separated file) — and checks every row:
 * currency (3 capital letters, not CHF), month, rate (more than 0, at most 6 decimals), each
 * currency and month once. Any bad row refuses the whole file: a 400 whose issues name each
 * line, field and rule (`body.line.3.rate`).
 */
export function parseRateCsv(content: Buffer | string): RateCsvRow[] {
  const text = decode(content);
  if (text.trim() === '') {
    throw badInput('body', 'empty', 'The file is empty: it needs the header currency,month,rate.');
  }
  const separator = separatorOf(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badInput(
      'body',
      'csv',
      `The file cannot be read as CSV${line ? ` (line ${line})` : ''}: ${(error as Error).message}`,
    );
  }
  const [headerRecord, ...dataRecords] = records;
  const header = (headerRecord?.record ?? []).map((name) => name.trim().toLowerCase());
  const unknown = header.filter((name) => !(columns as readonly string[]).includes(name));
  const missing = columns.filter((name) => !header.includes(name));
  if (unknown.length > 0 || missing.length > 0 || header.length !== columns.length) {
    throw badInput(
      'body.header',
      'mapping',
      `The header must name the columns currency, month and rate (found: ${header.join(', ') || 'nothing'}).`,
    );
  }
  if (dataRecords.length === 0) {
    throw badInput('body', 'empty', 'The file has a header but no rates.');
  }
  const at = Object.fromEntries(columns.map((name) => [name, header.indexOf(name)])) as Record<
    Column,
    number
  >;

  const issues: TFieldIssue[] = [];
  const rows: RateCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of dataRecords) {
    const line = info.lines;
    if (record.length !== columns.length) {
      issues.push(
        issue(line, 'row', 'csv', `${record.length} fields where the header has ${columns.length}`),
      );
      continue;
    }
    const currency = record[at.currency] ?? '';
    const month = record[at.month] ?? '';
    const rateText = record[at.rate] ?? '';
    let isValid = true;
    if (currency === exchangeRateBaseCurrency) {
      issues.push(
        issue(line, 'currency', 'currency', 'CHF is the base currency: its rate is always 1'),
      );
      isValid = false;
    } else if (!/^[A-Z]{3}$/.test(currency)) {
      issues.push(
        issue(
          line,
          'currency',
          'currency',
          `"${currency}" is not a currency code of 3 capital letters`,
        ),
      );
      isValid = false;
    }
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      issues.push(
        issue(
          line,
          'month',
          'invalid-date',
          `"${month}" is not a month written YYYY-MM, e.g. 2026-05`,
        ),
      );
      isValid = false;
    }
    const rate = parseExchangeRate(rateText, { isCommaDecimal: separator === ';' });
    if (!rate.ok) {
      issues.push(issue(line, 'rate', rate.rule, rate.message));
      isValid = false;
    }
    if (!isValid || !rate.ok) continue;
    const key = rateId(currency, month);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push(
        issue(line, 'month', 'duplicate', `${currency} ${month} is on line ${first} already`),
      );
      continue;
    }
    seen.set(key, line);
    rows.push({ line, currency, month, rate: rate.rate, millionths: rate.millionths });
  }
  if (issues.length > 0) {
    const shown = issues.slice(0, 3).map((entry) => entry.message);
    const more = issues.length > shown.length ? `; and ${issues.length - shown.length} more` : '';
    throw new AppError(
      'invalid-argument',
      `Nothing was imported: the file has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}. ${shown.join('; ')}${more}.`,
      { issues: issues.slice(0, maxIssues) },
    );
  }
  return rows;
}

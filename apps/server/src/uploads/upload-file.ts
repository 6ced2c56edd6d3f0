import { parse, type Parser } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type pg from 'pg';

/**
 * The file of an upload (members, invoices…): received as a stream and stored in chunks (never whole in
 * memory), its encoding and separator detected, and read back as CSV records with the line
 * each starts on.
 */

export type UploadEncoding = 'utf-8' | 'windows-1252';
export type UploadSeparator = ',' | ';' | '\t';

/** Bytes per stored chunk: big enough for few round trips, small enough to keep memory flat. */
export const chunkBytes = 1024 * 1024;
/** The start of the file kept to read its header and first rows. */
const sniffBytes = 256 * 1024;
/** Data rows shown beside the mapping step. */
export const sampleRows = 5;

export type ReceivedFile = {
  byteSize: number;
  encoding: UploadEncoding;
  hasBom: boolean;
  separator: UploadSeparator;
  header: string[];
  sample: string[][];
};

export class UploadTooLargeError extends Error {}

/**
 * Stores `body` as chunks of `upload_id` through `client` (inside the caller's transaction),
 * checking as it goes whether the bytes are valid UTF-8: a file that is not is read as
 * Windows-1252, what Excel writes as "CSV" on Western Windows.
 */
export async function storeFile(
  client: pg.PoolClient,
  chunksTable: string,
  uploadId: string,
  body: AsyncIterable<Buffer | string>,
  maxBytes: number,
): Promise<{ byteSize: number; isUtf8: boolean; head: Buffer }> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let byteSize = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const headParts: Buffer[] = [];
  let headBytes = 0;

  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await client.query(`INSERT INTO ${chunksTable} (upload_id, seq, data) VALUES ($1, $2, $3)`, [
      uploadId,
      seq++,
      data,
    ]);
  };

  for await (const piece of body) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    byteSize += chunk.length;
    if (byteSize > maxBytes) throw new UploadTooLargeError();
    if (isUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
    if (headBytes < sniffBytes) {
      const part = chunk.subarray(0, sniffBytes - headBytes);
      headParts.push(part);
      headBytes += part.length;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= chunkBytes) await flush();
  }
  await flush();
  if (isUtf8) {
    try {
      utf8.decode(); // an incomplete sequence at the very end
    } catch {
      isUtf8 = false;
    }
  }
  return { byteSize, isUtf8, head: Buffer.concat(headParts, headBytes) };
}

const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);

/** The first line's separator: the most frequent of `;`, `,` and tab outside quotes. */
export function detectSeparator(text: string): UploadSeparator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let isQuoted = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) break;
    else if (!isQuoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  // Excel writes ';' where the decimal mark is a comma; a tie goes to ';' for that reason.
  if (counts[';'] > 0 && counts[';'] >= counts[',']) {
    return counts['\t'] > counts[';'] ? '\t' : ';';
  }
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

function parserOptions(separator: UploadSeparator) {
  return {
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    raw: true,
  } as const;
}

/**
 * The first records of the head; when one of them is malformed, the header line alone (the
 * validation reports the bad row with its line), or nothing when even that is not CSV.
 */
function firstRecords(text: string, separator: UploadSeparator): string[][] {
  const options = { ...parserOptions(separator), raw: false } as const;
  try {
    return parseSync(text, { ...options, to: sampleRows + 20 });
  } catch {
    try {
      return parseSync(text.slice(0, text.search(/\r?\n/) + 1) || text, { ...options, to: 1 });
    } catch {
      return [];
    }
  }
}

/** What the start of the file says: encoding, separator, header and the first rows. */
export function describeHead(head: Buffer, isUtf8: boolean): Omit<ReceivedFile, 'byteSize'> {
  const encoding: UploadEncoding = isUtf8 ? 'utf-8' : 'windows-1252';
  const hasBom = isUtf8 && head.subarray(0, 3).equals(utf8Bom);
  // The head may end inside a character or a row: decode leniently, drop the last partial line.
  let text = new TextDecoder(encoding).decode(head);
  const lastBreak = text.lastIndexOf('\n');
  if (lastBreak >= 0 && head.length >= sniffBytes) text = text.slice(0, lastBreak + 1);
  const separator = detectSeparator(text);
  const records = firstRecords(text, separator);
  const nonEmpty = records.filter((record) => record.some((cell) => cell.trim() !== ''));
  const [header = [], ...rows] = nonEmpty;
  return {
    encoding,
    hasBom,
    separator,
    header: header.map((name) => name.trim()),
    // Shown beside the mapping only (a row with NUL is refused, naming its column, when validated).
    sample: rows.slice(0, sampleRows).map((row) => row.map((cell) => cell.replaceAll('\0', ''))),
  };
}

/**
 * The stored file, chunk by chunk (one in memory at a time). Read through the pool, not the
 * connection of the step's transaction: that one is busy with the COPY of the staged rows.
 */
async function* readChunks(
  pool: pg.Pool,
  chunksTable: string,
  uploadId: string,
): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const { rows } = await pool.query<{ data: Buffer }>(
      `SELECT data FROM ${chunksTable} WHERE upload_id = $1 AND seq = $2`,
      [uploadId, seq],
    );
    const row = rows[0];
    if (!row) return;
    yield row.data;
  }
}

export type CsvRecord = {
  /** Line of the file where the record starts; the header is line 1 (when the file starts with it). */
  line: number;
  cells: string[];
  /** Bytes of the file read so far (for progress). */
  bytesRead: number;
};

/** Characters handed to the CSV parser at a time (about a hundred rows). */
const parserPieceChars = 16 * 1024;

/** Line breaks as CSV knows them: CRLF, LF, or a lone CR (old Mac Excel). */
const lineBreaks = /\r\n|\r|\n/g;

function countLineBreaks(text: string): number {
  let count = 0;
  lineBreaks.lastIndex = 0;
  while (lineBreaks.exec(text)) count++;
  return count;
}

/**
 * The file's records, in batches: each piece of text goes through the parser at once and the
 * records it completes come back together, so the caller's loop over 100,000 rows awaits once
 * per piece rather than once per row (an await per row cost seconds). Each record carries the
 * line it starts on (quoted cells may hold line breaks) and the bytes read so far.
 */
export async function* readRecordBatches(
  pool: pg.Pool,
  chunksTable: string,
  uploadId: string,
  encoding: UploadEncoding,
  separator: UploadSeparator,
): AsyncGenerator<CsvRecord[]> {
  let bytesRead = 0;
  let line = 1;
  const decoder = new TextDecoder(encoding);
  const parser: Parser = parse(parserOptions(separator));
  let failure: unknown = null;
  parser.on('error', (error) => {
    failure = error;
  });
  const completed = (): CsvRecord[] => {
    const records: CsvRecord[] = [];
    for (
      let item = parser.read() as { record: string[]; raw: string } | null;
      item !== null;
      item = parser.read() as { record: string[]; raw: string } | null
    ) {
      const startLine = line;
      line += countLineBreaks(item.raw);
      if (item.record.every((cell) => cell.trim() === '')) continue;
      records.push({ line: startLine, cells: item.record, bytesRead });
    }
    if (failure) throw failure;
    return records;
  };
  for await (const chunk of readChunks(pool, chunksTable, uploadId)) {
    const decoded = decoder.decode(chunk, { stream: true });
    bytesRead += chunk.length;
    // Small pieces: records waiting in the parser's buffer would outlive V8's young generation
    // (a 1 MB piece is 8,000 rows, and the heap grew by 250 MB of such garbage over 100,000).
    for (let at = 0; at < decoded.length; at += parserPieceChars) {
      parser.write(decoded.slice(at, at + parserPieceChars));
      const records = completed();
      if (records.length > 0) yield records;
    }
  }
  const rest = decoder.decode();
  if (rest) parser.write(rest);
  // The last record is completed by the parser's flush, which runs as the stream finishes.
  const finished = new Promise<void>((resolve) => {
    parser.once('finish', resolve);
    parser.once('error', () => resolve());
  });
  parser.end();
  await finished;
  const last = completed();
  if (last.length > 0) yield last;
}

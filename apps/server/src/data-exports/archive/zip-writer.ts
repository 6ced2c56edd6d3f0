import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP made in memory with fflate (the streaming ZIP of pdfkit's own dependency): JSON and text
 * are deflated; PDFs, already compressed inside, are stored as they are, which keeps a member
 * with twenty years of documents well within the export's 10 seconds. Every entry carries the
 * export's time, so two archives of the same records differ only where the records do.
 */
export class ZipWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private readonly finished: Promise<Buffer>;

  constructor(private readonly madeAt: Date) {
    let resolve: (archive: Buffer) => void = () => undefined;
    let reject: (error: Error) => void = () => undefined;
    this.finished = new Promise<Buffer>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        reject(error);
        return;
      }
      this.chunks.push(chunk);
      if (final) resolve(Buffer.concat(this.chunks));
    });
  }

  /** A JSON document, indented for people who open it in an editor. */
  json(name: string, value: unknown): void {
    this.text(name, `${JSON.stringify(value, null, 2)}\n`);
  }

  text(name: string, content: string): void {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = this.madeAt;
    this.zip.add(entry);
    entry.push(new TextEncoder().encode(content), true);
  }

  /** A file already compressed (a PDF, an image): stored, not deflated again. */
  stored(name: string, content: Uint8Array): void {
    const entry = new ZipPassThrough(name);
    entry.mtime = this.madeAt;
    this.zip.add(entry);
    entry.push(content, true);
  }

  /** Ends the archive and gives its bytes. */
  finish(): Promise<Buffer> {
    this.zip.end();
    return this.finished;
  }
}

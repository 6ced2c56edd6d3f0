import PDFDocument from 'pdfkit';

/** What a document says of itself (the PDF's information dictionary). */
export type PdfInfo = {
  title: string;
  author: string;
  subject: string;
  keywords?: string;
  /** The record's time, so that the same record gives the same bytes. */
  createdAt?: Date;
  modifiedAt?: Date;
};

export type PdfOptions = {
  info: PdfInfo;
  layout?: 'portrait' | 'landscape';
  /** Pages kept until the end, so that page numbers can be written on them. */
  bufferPages?: boolean;
  autoFirstPage?: boolean;
  /** Deflate the content streams (default). Tests read the text of uncompressed ones. */
  compress?: boolean | undefined;
};

/**
 * A new A4 document without margins (each document places its own text) and the promise of its
 * bytes, which resolves once the document ends.
 */
export function openPdf(options: PdfOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const { info } = options;
  const doc = new PDFDocument({
    size: 'A4',
    ...(options.layout ? { layout: options.layout } : {}),
    margin: 0,
    ...(options.autoFirstPage === false ? { autoFirstPage: false } : {}),
    ...(options.bufferPages ? { bufferPages: true } : {}),
    compress: options.compress ?? true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      ...(info.keywords === undefined ? {} : { Keywords: info.keywords }),
      Creator: 'Operations',
      Producer: 'Operations (PDFKit)',
      ...(info.createdAt ? { CreationDate: info.createdAt } : {}),
      ...(info.modifiedAt ? { ModDate: info.modifiedAt } : {}),
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Writes the buffered pages out and ends the document; answers its bytes. */
export function closePdf({ doc, bytes }: { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }) {
  doc.flushPages();
  doc.end();
  return bytes;
}

import { inflateSync } from 'node:zlib';

// Reading a rendered PDF back as text, for the server's tests and the end-to-end tests alike:
// this file imports nothing of the test kit, so Playwright's specs can use it without Vitest.

/**
 * The text a PDF shows in the standard fonts (PDFKit writes it as hex strings in TJ arrays of
 * deflated content streams), one string per TJ.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  const source = pdf.toString('latin1');
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts;
}

/** The text of a PDF in the standard fonts, WinAnsi's quotes as Unicode, joined by newlines. */
export function pdfText(pdf: Buffer): string {
  return pdfTexts(pdf).join('\n').replace(/\x92/g, '’').replace(/\x96/g, '–').replace(/\x95/g, '•');
}

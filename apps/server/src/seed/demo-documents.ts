import { deflateSync } from 'node:zlib';

/**
 * The files behind the demo applications' documents: small but real PDFs and PNGs, so that the
 * console's preview shows something on a fresh start. Written by hand rather than with pdfkit
 * (which the invoices use): pdfkit takes milliseconds per file, and a 100,000-member seed has
 * about 20,000 documents; this takes microseconds, and the same input gives the same bytes.
 */

/** One line of a demo PDF: its text, and whether it is set in bold. */
export type DemoPdfLine = { text: string; bold?: boolean };

export type DemoPdfContent = {
  title: string;
  /** Small print at the foot of the page, e.g. who issued the document. */
  footer: string;
  lines: readonly DemoPdfLine[];
};

/** Letters outside Latin-1 that have no decomposition to fall back on. */
const plainLetters: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h' };

/**
 * Text as the standard Helvetica font can show it (WinAnsi, about Latin-1): letters with marks
 * outside it fall back to their base letter ("ș" becomes "s", "ł" "l"), anything else to "?".
 */
function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0)) {
      out += char;
      continue;
    }
    const base = plainLetters[char] ?? char.normalize('NFD')[0] ?? '?';
    out += (base.codePointAt(0) ?? 0x7f) < 0x7f ? base : '?';
  }
  return out;
}

/** A PDF string literal: `(`, `)` and `\` escaped. */
function pdfString(text: string): string {
  return `(${winAnsi(text).replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/**
 * A one-page A4 PDF 1.4 with the title, the lines and the footer, in Helvetica (a standard font,
 * nothing embedded): about 1.2 KB.
 */
export function demoPdf(content: DemoPdfContent): Buffer {
  const operations = [
    '0.09 0.32 0.55 RG 2 w 56 770 m 539 770 l S',
    `BT /F2 18 Tf 56 785 Td ${pdfString(content.title)} Tj ET`,
  ];
  let y = 730;
  for (const line of content.lines) {
    operations.push(
      `BT /${line.bold ? 'F2' : 'F1'} 11 Tf 56 ${y} Td ${pdfString(line.text)} Tj ET`,
    );
    y -= line.bold ? 22 : 16;
  }
  operations.push(`BT /F1 8 Tf 56 60 Td ${pdfString(content.footer)} Tj ET`);
  const stream = operations.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const pngWidth = 360;
const pngHeight = 250;
/** Paper, frame, ink (lines of text) and the seal, as RGB. */
const palette = [
  [0xfb, 0xf7, 0xec],
  [0x1e, 0x3a, 0x5f],
  [0x94, 0xa3, 0xb8],
  [0xb4, 0x1e, 0x2a],
];
const [paper, frame, ink, seal] = [0, 1, 2, 3];

/** The "lines of text" of a diploma variant: [top, bottom, left, right, colour]. */
function diplomaLines(variant: number): [number, number, number, number, number][] {
  return [
    [40, 48, 90, 270, frame],
    [70, 74, 60, 300, ink],
    [90, 94, 60, 300 - ((variant * 37) % 80), ink],
    [110, 114, 60, 240 + ((variant * 23) % 60), ink],
    [150, 154, 60, 170, ink],
    [165, 169, 60, 150, ink],
  ];
}

/** The colour index of a pixel of the diploma: a framed sheet, lines of text, a round seal. */
function diplomaPixel(
  x: number,
  y: number,
  lines: readonly [number, number, number, number, number][],
): number {
  const edge = Math.min(x, y, pngWidth - 1 - x, pngHeight - 1 - y);
  if (edge >= 8 && edge < 12) return frame;
  if (edge < 16) return paper;
  for (const [top, bottom, left, right, colour] of lines) {
    if (y >= top && y <= bottom && x >= left && x <= right) return colour;
  }
  const dx = x - 285;
  const dy = y - 190;
  const distance = dx * dx + dy * dy;
  if (distance <= 26 * 26 && (distance >= 21 * 21 || distance <= 15 * 15)) return seal;
  return paper;
}

const pngCache = new Map<number, Buffer>();

/**
 * A small PNG of a diploma as a scanner would send it (360×250, four colours). There are eight
 * variants, each drawn once and then reused: the seed asks for thousands.
 */
export function demoDiplomaPng(variant: number): Buffer {
  const key = ((variant % 8) + 8) % 8;
  const cached = pngCache.get(key);
  if (cached) return cached;
  const lines = diplomaLines(key);
  const raw = Buffer.alloc((pngWidth + 1) * pngHeight);
  for (let y = 0; y < pngHeight; y++) {
    const row = y * (pngWidth + 1); // each row starts with its filter byte, 0 (none)
    for (let x = 0; x < pngWidth; x++) raw[row + 1 + x] = diplomaPixel(x, y, lines);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pngWidth, 0);
  header.writeUInt32BE(pngHeight, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit indexed colour, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('PLTE', Buffer.from(palette.flat())),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  pngCache.set(key, png);
  return png;
}

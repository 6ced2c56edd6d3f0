import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Names and addresses carry letters Helvetica's WinAnsi encoding lacks (ł, ř, ş, ț, ā, 北…).
 * Such a text is set in DejaVu (embedded as a subset) when it is installed, otherwise reduced
 * to WinAnsi. Text WinAnsi can carry uses the standard fonts: embedding a TrueType font costs
 * ~15 ms per document, so it happens only for documents that need it. The font files are read
 * once per process.
 */
const dejaVuDirectory = '/usr/share/fonts/truetype/dejavu';
export type Weight = 'regular' | 'bold';
const dejaVuFiles: Record<Weight, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
};
export const standardFonts: Record<Weight, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
};
/** A font as PDFKit accepts it: the file's bytes, or the parsed font (reused across documents). */
type FontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];
const loadedFonts = new Map<Weight, FontSource | null>();

/**
 * DejaVu, parsed once per process: PDFKit takes a parsed (fontkit) font as well as bytes, and
 * reusing it keeps its glyph and layout caches warm, so later documents pay only for the subset
 * they embed. PDFKit does not hand out the parsed font, so it is read from a throwaway
 * document's current font; should that ever change, the bytes are used as before.
 */
function dejaVu(weight: Weight): FontSource | null {
  if (!loadedFonts.has(weight)) {
    let font: FontSource | null;
    try {
      const bytes = fs.readFileSync(path.join(dejaVuDirectory, dejaVuFiles[weight]));
      const probe = new PDFDocument({ autoFirstPage: false });
      probe.registerFont('probe', bytes).font('probe');
      const parsed = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
      font = typeof parsed?.layout === 'function' ? (parsed as unknown as FontSource) : bytes;
    } catch {
      font = null; // not installed: WinAnsi text in Helvetica
    }
    loadedFonts.set(weight, font);
  }
  return loadedFonts.get(weight) ?? null;
}

export const winAnsiOutside =
  /[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/;
const winAnsiOutsideAll = new RegExp(winAnsiOutside.source, 'g');

/** Latin letters that do not decompose into a base letter and an accent. */
const undecomposed: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  œ: 'oe',
  Œ: 'OE',
};

/** WinAnsi's printable range: accents dropped where needed, anything else becomes "?". */
export function toWinAnsi(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[łŁđĐħĦıœŒ]/g, (char) => undecomposed[char] ?? char)
    .replace(winAnsiOutsideAll, '?');
}

/**
 * The font picker of one document: selects the font a text needs and answers the text as that
 * font can set it (DejaVu registered in the document the first time it is needed).
 */
export function fontPicker(doc: PDFKit.PDFDocument): (weight: Weight, value: string) => string {
  const registered = new Set<Weight>();
  return (weight, value) => {
    if (!winAnsiOutside.test(value)) {
      doc.font(standardFonts[weight]);
      return value;
    }
    const font = dejaVu(weight);
    if (!font) {
      doc.font(standardFonts[weight]);
      return toWinAnsi(value);
    }
    if (!registered.has(weight)) {
      doc.registerFont(`dejavu-${weight}`, font);
      registered.add(weight);
    }
    doc.font(`dejavu-${weight}`);
    return value;
  };
}

import { fontPicker, type Weight } from '../pdf-fonts';

/** A4 portrait, the page of every document but the certificate (which turns it landscape). */
export const page = { width: 595.28, height: 841.89 };
export const margin = 50;
export const contentWidth = page.width - 2 * margin;
/** Where the content of a page ends (the QR-bill decides its own place). */
export const contentBottom = page.height - margin;
export const ink = '#1f2937';
export const accent = '#1e3a8a';
export const muted = '#6b7280';
export const rule = '#d1d5db';

export type TextStyle = {
  weight?: Weight;
  size?: number;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
};

/** The document and how its sections write text: `write` returns the y below what it wrote. */
export type Canvas = {
  doc: PDFKit.PDFDocument;
  write: (value: string, x: number, y: number, style?: TextStyle) => number;
};

/** Text in the documents' style, in a font that has its characters (lib/pdf-fonts.ts). */
export function canvasOf(doc: PDFKit.PDFDocument): Canvas {
  const useFont = fontPicker(doc);
  const write = (value: string, x: number, y: number, style: TextStyle = {}): number => {
    const text = useFont(style.weight ?? 'regular', value);
    doc
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? ink)
      .text(text, x, y, {
        width: style.width ?? contentWidth - (x - margin),
        align: style.align ?? 'left',
        lineGap: 0.5,
      });
    return doc.y;
  };
  return { doc, write };
}

/** Starts a new A4 page and answers the y its content starts at. */
export function newPage({ doc }: Canvas): number {
  doc.addPage({ size: 'A4', margin: 0 });
  return margin;
}

import type { Weight } from '../pdf-fonts';
import { contentWidth, margin, muted, rule, type Canvas, type TextStyle } from './canvas';

/** A column of a table: where it starts, how wide it is, how its text aligns. */
export type TableColumn = { x: number; width: number; align?: 'left' | 'right' };

/** A cell: its text in its column. */
export type TableCell = readonly [text: string, column: TableColumn];

const cellStyle = (column: TableColumn, style: TextStyle): TextStyle => ({
  ...style,
  width: column.width,
  ...(column.align === 'right' ? { align: 'right' as const } : {}),
});

/**
 * The column heads (small, muted) and a rule under them across the content; answers the y of
 * the first row.
 */
export function drawColumnHeads(
  { doc, write }: Canvas,
  heads: readonly TableCell[],
  top: number,
  options: { weight?: Weight; ruleAt?: number; ruleWidth?: number; below?: number } = {},
): number {
  const style: TextStyle = {
    color: muted,
    size: 8,
    ...(options.weight ? { weight: options.weight } : {}),
  };
  for (const [label, column] of heads) write(label, column.x, top, cellStyle(column, style));
  const y = top + (options.ruleAt ?? 12);
  doc
    .moveTo(margin, y)
    .lineTo(margin + contentWidth, y)
    .lineWidth(options.ruleWidth ?? 0.5)
    .strokeColor(rule)
    .stroke();
  return y + (options.below ?? 4);
}

/** One row of cells from `top`; answers the y below its tallest cell. */
export function drawTableRow(
  { write }: Canvas,
  cells: readonly TableCell[],
  top: number,
  style: TextStyle = {},
): number {
  return Math.max(
    ...cells.map(([text, column]) => write(text, column.x, top, cellStyle(column, style))),
  );
}

import { TableHeaderRow, type TableHeaderColumn } from '@ops/ui/table-header-row';

/**
 * The header row of the console's small tables inside a page or dialog (settings, jobs, dunning,
 * renewal previews): a rule under slate words, left-aligned, numbers' headers right-aligned.
 * The look is the same in every such table; only the columns and, for a dense table in a
 * scrolling box, the padding differ.
 */
export function SmallTableHeaderRow({
  columns,
  padding = 'py-1',
  gap = 'pr-3',
}: {
  columns: readonly TableHeaderColumn[];
  padding?: string;
  gap?: string;
}) {
  return (
    <TableHeaderRow
      columns={columns}
      padding={padding}
      gap={gap}
      className="border-b border-slate-200 text-left text-slate-600"
    />
  );
}

import type { DataListBulkAction } from './types';
import { withQuery } from './list-state';

/** Starts the browser's download of a file the server streams (a CSV export). */
function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.click();
}

/**
 * The "Export selected" bulk action of a list whose export endpoint takes the picked rows: the
 * CSV of the rows picked one by one (`selectedParams` names them in the endpoint's query) or of
 * every row the view matches, downloaded at once; nothing to undo.
 */
export function exportSelectedAction({
  exportPath,
  noun,
  selectedParams,
}: {
  exportPath: string;
  /** The list's noun (its definition's `noun`). */
  noun: { one: string; many: string };
  selectedParams: (ids: string[]) => string;
}): DataListBulkAction {
  return {
    id: 'export',
    label: 'Export selected',
    run: (selection) => {
      download(
        withQuery(
          exportPath,
          selection.kind === 'ids' ? selectedParams(selection.ids) : selection.listParams,
        ),
      );
      return Promise.resolve({
        message:
          selection.kind === 'ids'
            ? `The export of ${selection.ids.length} ${noun.many} is downloading.`
            : `The export of every matching ${noun.one} is downloading.`,
        undo: null,
      });
    },
  };
}

/**
 * The one list machinery every list of the console runs on (keyset pages, sorts with an index
 * each, filters, totals, CSV exports): its public surface, used by every area with a list.
 */

// An area's list declares its columns (`ListSpec`) and SQL (`ListDefinition`) and runs here.
export { badQuery, filterColumnOf, filterCondition, parseSort } from './list-spec';
// The cursor of a keyset page, for a page of its own shape (a record's notes, issue 19).
export { decodeCursor, encodeCursor } from './list-spec';
export { dayAtHeadquartersFilter, parseDay } from './day-at-headquarters';
export type { ListColumn, ListSpec } from './list-spec';
// A column whose filter and sort read the same expression.
export { sortAndFilterBy } from './list-spec';
export { allRowsOf, matchingRows, runList, sendListExport } from './run-list';
export type { AnySelect, ListDefinition } from './run-list';
// A list's CSV export, GET /api/<name>/export.
export { listExportRoute } from './export-route';
export { parseSelectionView } from './selection-view';
// The values of the filters a list applies itself.
export { ownFilterValues, yesNoFilter } from './own-filter-values';
export { withOwnConditions } from './own-conditions';
// The full-text box of a list: a semi-join on the search documents.
export { searchDocumentIds, searchDocumentMatch } from './search-document';
// A bulk write that changes many rows refreshes the planner's statistics of its table.
export { manyChangedRows, refreshStatistics, type StatisticsLog } from './refresh-statistics';

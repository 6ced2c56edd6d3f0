export { DataList, shapeOf } from './data-list';
export { listQueryKeys } from './use-list-query';
export type {
  DataListBulkAction,
  DataListBulkEdit,
  DataListBulkResult,
  DataListColumn,
  DataListDefinition,
  DataListFilter,
  DataListPage,
  DataListScreenDefinition,
  ListSelectionTarget,
} from './types';

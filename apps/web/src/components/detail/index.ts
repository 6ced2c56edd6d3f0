export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmDialogReason,
} from '@ops/ui/confirm-dialog';
export { auditReason } from './audit-reason';
export {
  ConflictNotice,
  isVersionConflict,
  type ConflictNoticeProps,
} from '@ops/ui/conflict-notice';
export {
  CopyButton,
  copyConfirmationMs,
  copyText,
  createCopyFlag,
  type CopyButtonProps,
} from './copy-button';
export { DetailTabs, tabParam, useDetailTab, type DetailTab } from './detail-tabs';
export {
  FieldGroup,
  FieldList,
  FieldRow,
  type DetailField,
  type DetailFieldGroup,
  type HeadingLevel,
} from './field-list';
export {
  formatCount,
  formatCountOf,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  humanizeName,
} from '@ops/ui/format';
export {
  FormCheckboxField,
  FormSelectField,
  FormTextField,
  describeSaveError,
  setServerErrors,
  type SelectOption,
} from '@ops/ui/form-field';
export {
  RecordHistory,
  auditHistoryQueryOptions,
  auditQueryKeys,
  describeAction,
  describeActor,
  formatAuditValue,
  type RecordHistoryProps,
} from './record-history';
export { DetailScreen, useListSearch, type DetailScreenProps } from './detail-screen';
export { useRecordFollowsChanges, type FollowedRecord } from './use-record-follows-changes';
export {
  UnsavedChangesGuard,
  isLeavingForm,
  unsavedChangesBlocker,
  useUnsavedChanges,
} from './use-unsaved-changes';
export {
  RecordTable,
  type RecordTableColumn,
  type RecordTableProps,
  type RecordTableStackWidth,
  type RecordTableTotal,
} from './record-table';

import { invoiceCurrencies, languages, memberCategories } from './enumerations';

/**
 * The fields that may change in bulk (issue 19), per list: zod-free, so that the browser's
 * "Edit field" dialog and the server read one table. A field's `kind` says what its value is:
 * one of `values`, a day (YYYY-MM-DD), true/false, or the id of a record of another table
 * (`reference`): an association member, a bank account, an operator. `nullable` fields take
 * null ("No value").
 */
export type BulkEditFieldKind = 'enum' | 'day' | 'boolean' | 'reference';

export type BulkEditField = {
  readonly label: string;
  readonly kind: BulkEditFieldKind;
  readonly values?: readonly string[];
  /** What a `reference` names. */
  readonly reference?: 'association-member' | 'bank-account' | 'operator';
  readonly nullable?: boolean;
  /** Only rows in these statuses may change (invoices: drafts); the others are counted apart. */
  readonly onlyStatuses?: readonly string[];
};

export const bulkEditFields = {
  members: {
    category: { label: 'Category', kind: 'enum', values: memberCategories },
    nationalAssociation: {
      label: 'National association',
      kind: 'reference',
      reference: 'association-member',
      nullable: true,
    },
    preferredLanguage: { label: 'Preferred language', kind: 'enum', values: languages },
    billingCurrency: { label: 'Billing currency', kind: 'enum', values: invoiceCurrencies },
    directoryVisible: { label: 'Directory visibility', kind: 'boolean' },
  },
  invoices: {
    dueDate: { label: 'Due date', kind: 'day', onlyStatuses: ['draft'] },
    bankAccount: {
      label: 'Bank account',
      kind: 'reference',
      reference: 'bank-account',
      onlyStatuses: ['draft'],
    },
  },
  applications: {
    reviewer: { label: 'Reviewer', kind: 'reference', reference: 'operator', nullable: true },
  },
} as const satisfies Record<string, Record<string, BulkEditField>>;

export type BulkEditList = keyof typeof bulkEditFields;
export type BulkEditFieldName<L extends BulkEditList> = Extract<
  keyof (typeof bulkEditFields)[L],
  string
>;

/** How long a finished bulk action offers Undo on screen. */
export const bulkUndoWindowMs = 10_000;
/**
 * How long the server still takes an undo after the action: the screen's 10 seconds plus the
 * time an undo needs to travel (a click at 9.9 s on a slow network still counts).
 */
export const bulkUndoServerWindowMs = 30_000;
/** How many before → after rows the preview shows. */
export const bulkEditSampleSize = 5;

import type { TListSelection } from '@ops/contract';
import type { BulkEditList } from '@ops/contract/bulk-edit-fields';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { AnySelect } from '../lists';

/** A bulk-edit value once its kind is checked: text (a code, a day, an id), true/false or null. */
export type EditValue = string | boolean | null;

/** What a field's check learnt about its value (e.g. the bank account's currency). */
export type ValueFacts = Record<string, unknown>;

/** One field that may change in bulk: its column and the rules its edit form has. */
export type EditField = {
  column: string;
  /** The column's SQL type, which the value is cast to ('text', 'date', 'boolean', 'bpchar'). */
  type: 'text' | 'date' | 'boolean' | 'bpchar';
  /**
   * The rules that read other records (the record the value names exists, is active…), as the
   * one-record edit checks them: a 400 naming `body.value`.
   */
  check?: (db: Kysely<Database>, value: EditValue) => Promise<ValueFacts>;
  /**
   * The rows (over `row`, an alias of the table) the value may not go to, as the one-record edit
   * would refuse them (its rule about the row itself): counted as not editable, never changed.
   */
  notEditable?: (row: string, value: EditValue, facts: ValueFacts) => RawBuilder<boolean> | null;
  /** The screen's words for values of the field ("Individual member", "24 Nov 2026"). */
  words: (db: Kysely<Database>, values: readonly unknown[]) => Promise<(value: unknown) => string>;
};

/** A list whose rows may change in bulk: its table, selection and fields. */
export type EditTarget = {
  list: BulkEditList;
  table: 'members' | 'invoices' | 'applications';
  key: 'mid' | 'iid' | 'aid';
  /** The rows a selection names, with their key selected as `id`. */
  selected: (db: Kysely<Database>, selection: TListSelection) => AnySelect;
  /** How a row is named on screen, over `row`: "Acme Logistics (M-001234)". */
  label: (row: string) => RawBuilder<string>;
  /** The order of the preview's sample, over `row`. */
  order: (row: string) => RawBuilder<unknown>;
  fields: Record<string, EditField>;
};

/** The words of no value, as the list's filters say it. */
export const noValue = 'No value';

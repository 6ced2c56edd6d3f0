import {
  bulkEditFields,
  type BulkEditField,
  type BulkEditList,
} from '@ops/contract/bulk-edit-fields';
import { badInput } from '../errors';
import type { EditValue } from './edit-target';

/** A calendar day: 2026-02-30 has the shape but is no day. */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Checks a value against its field's kind (`bulkEditFields`): one of the values, a day, true or
 * false, an id; null only where the field allows no value. A 400 names `body.value` and the rule.
 * The rules that read other records are the field's own (`EditField.check`).
 */
export function checkValueKind(list: BulkEditList, fieldName: string, value: EditValue): EditValue {
  const field = (bulkEditFields[list] as Record<string, BulkEditField>)[fieldName];
  if (!field) {
    throw badInput('body.field', 'invalid_value', `"${fieldName}" cannot be changed in bulk.`);
  }
  if (value === null) {
    if (field.nullable) return null;
    throw badInput('body.value', 'required', `${field.label} needs a value.`);
  }
  switch (field.kind) {
    case 'enum':
      if (typeof value !== 'string' || !field.values?.includes(value)) {
        throw badInput(
          'body.value',
          'invalid_value',
          `${field.label} is one of: ${field.values?.join(', ')}; not ${JSON.stringify(value)}.`,
        );
      }
      return value;
    case 'day':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        throw badInput('body.value', 'invalid_format', `${field.label} is a day, YYYY-MM-DD.`);
      }
      if (!isCalendarDay(value)) {
        throw badInput('body.value', 'invalid-date', `${value} is not a calendar date.`);
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') {
        throw badInput('body.value', 'invalid_type', `${field.label} is true or false.`);
      }
      return value;
    case 'reference':
      if (typeof value !== 'string' || value.trim() === '') {
        throw badInput('body.value', 'invalid_type', `${field.label} is the id of a record.`);
      }
      return value;
  }
}

import { languageLabels } from '@ops/contract';
import { memberCategoryLabels } from '@ops/contract/labels';
import { sql } from 'kysely';
import { badInput } from '../errors';
import { selectedMembers } from '../members';
import { noValue, type EditTarget } from './edit-target';

const ref = (row: string, column: string) => sql.ref(`${row}.${column}`);

/** The words of a code from its label table, "No value" for none. */
function labelled(labels: Readonly<Record<string, string>>) {
  return async () => (value: unknown) =>
    value === null || value === undefined ? noValue : (labels[String(value)] ?? String(value));
}

/**
 * Members in bulk (issue 19): category, national association, preferred language, billing
 * currency, directory visibility, with the member edit's rules (`members/edit.ts`): the national
 * association is a live association member and never the member itself; an association still
 * named by members or countries keeps its category; an overdue member does not become honorary
 * (honorary members are never overdue). A row such a rule refuses is counted as not editable.
 */
export const membersEditTarget: EditTarget = {
  list: 'members',
  table: 'members',
  key: 'mid',
  selected: (db, selection) => selectedMembers(db, selection).select('m.mid as id'),
  label: (row) => sql<string>`${ref(row, 'legal_name')} || ' (' || ${ref(row, 'number')} || ')'`,
  order: (row) => ref(row, 'number'),
  fields: {
    category: {
      column: 'category',
      type: 'text',
      notEditable: (row, value) => {
        const mid = ref(row, 'mid');
        const conditions = [
          // members/edit.ts: an association still named by others keeps its category.
          sql<boolean>`(${ref(row, 'category')} = 'association' AND ${value}::text <> 'association'
            AND (EXISTS (SELECT 1 FROM members x
                          WHERE x.national_association_mid = ${mid} AND x.deleted_at IS NULL)
                 OR EXISTS (SELECT 1 FROM countries c WHERE c.national_association_mid = ${mid})))`,
        ];
        if (value === 'honorary') conditions.push(sql<boolean>`${ref(row, 'status')} = 'overdue'`);
        return sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
      },
      words: labelled(memberCategoryLabels),
    },
    nationalAssociation: {
      column: 'national_association_mid',
      type: 'text',
      // members/edit.ts: a live member of the association category (rule `association`).
      check: async (db, value) => {
        if (value === null) return {};
        const association = await db
          .selectFrom('members')
          .select(['mid', 'number', 'legal_name', 'category', 'deleted_at'])
          .where('mid', '=', String(value))
          .executeTakeFirst();
        const label = association && `Member ${association.number} (${association.legal_name})`;
        const message = !association
          ? `No member has the id ${value}.`
          : association.deleted_at
            ? `${label} is deleted.`
            : association.category !== 'association'
              ? `${label} is not an association member.`
              : null;
        if (message) throw badInput('body.value', 'association', message);
        return {};
      },
      // A member cannot be its own national association.
      notEditable: (row, value) =>
        value === null ? null : sql<boolean>`${ref(row, 'mid')} = ${value}`,
      words: async (db, values) => {
        const mids = [...new Set(values.filter((value) => typeof value === 'string'))] as string[];
        const names = new Map(
          mids.length === 0
            ? []
            : (
                await db
                  .selectFrom('members')
                  .select(['mid', 'number', 'legal_name'])
                  .where('mid', 'in', mids)
                  .execute()
              ).map((member) => [member.mid, `${member.legal_name} (${member.number})`]),
        );
        return (value) =>
          value === null || value === undefined
            ? noValue
            : (names.get(String(value)) ?? String(value));
      },
    },
    preferredLanguage: {
      column: 'preferred_language',
      type: 'text',
      words: labelled(languageLabels),
    },
    billingCurrency: {
      column: 'billing_currency',
      type: 'bpchar',
      words: async () => (value) =>
        value === null || value === undefined ? noValue : String(value).trim(),
    },
    directoryVisible: {
      column: 'directory_visible',
      type: 'boolean',
      // As the member's overview says it.
      words: async () => (value) =>
        value === null || value === undefined ? noValue : value ? 'Listed' : 'Not listed',
    },
  },
};

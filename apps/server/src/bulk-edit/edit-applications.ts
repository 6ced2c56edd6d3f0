import { sql } from 'kysely';
import { badInput } from '../errors';
import { selectedApplications } from '../applications';
import { noValue, type EditTarget } from './edit-target';

const ref = (row: string, column: string) => sql.ref(`${row}.${column}`);

/**
 * Applications in bulk (issue 19): the reviewer, an active operator (rules `exists`, `active`)
 * or no one. The review workflow sets the reviewer itself when an operator acts; this hands a
 * queue to a colleague before anyone has.
 */
export const applicationsEditTarget: EditTarget = {
  list: 'applications',
  table: 'applications',
  key: 'aid',
  selected: (db, selection) => selectedApplications(db, selection).select('a.aid as id'),
  label: (row) => sql<string>`${ref(row, 'legal_name')} || ' (' || ${ref(row, 'number')} || ')'`,
  order: (row) => ref(row, 'number'),
  fields: {
    reviewer: {
      column: 'reviewer_uid',
      type: 'text',
      check: async (db, value) => {
        if (value === null) return {};
        const operator = await db
          .selectFrom('operators as o')
          .innerJoin('users as u', 'u.uid', 'o.uid')
          .select(['o.uid', 'o.active', 'u.email'])
          .where('o.uid', '=', String(value))
          .executeTakeFirst();
        if (!operator) throw badInput('body.value', 'exists', `No operator has the id ${value}.`);
        if (!operator.active) {
          throw badInput('body.value', 'active', `${operator.email} is no longer an operator.`);
        }
        return {};
      },
      words: async (db, values) => {
        const uids = [...new Set(values.filter((value) => typeof value === 'string'))] as string[];
        const names = new Map(
          uids.length === 0
            ? []
            : (
                await db
                  .selectFrom('users')
                  .select(['uid', 'display_name', 'email'])
                  .where('uid', 'in', uids)
                  .execute()
              ).map((user) => [user.uid, user.display_name ?? user.email]),
        );
        return (value) =>
          value === null || value === undefined
            ? noValue
            : (names.get(String(value)) ?? String(value));
      },
    },
  },
};

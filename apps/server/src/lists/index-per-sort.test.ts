import { listSortFields } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { applicationsList } from '../applications/list';
import { bankAccountsList } from '../bank-accounts/list';
import { certificatesList } from '../certificates/list';
import { countriesList } from '../countries/list';
import type { DatabaseHandle } from '../db/database';
import { emailsList } from '../emails/list';
import { invoicesListFor } from '../invoices/list';
import { membersList } from '../members/list';
import { operatorsListFor } from '../operators/list';
import { paymentsList } from '../payments/list';
import { usersListFor } from '../users/list';
import { pageQuery, type ListDefinition } from './run-list';

/** Every list of the console, as its endpoint runs it (the per-request ones without filters). */
const lists: Record<string, ListDefinition<never, unknown>> = {
  members: membersList,
  applications: applicationsList,
  certificates: certificatesList,
  invoices: invoicesListFor({}),
  payments: paymentsList,
  emails: emailsList,
  users: usersListFor({}),
  operators: operatorsListFor({}),
  countries: countriesList,
  bankAccounts: bankAccountsList,
};

/**
 * The plan of a statement when PostgreSQL may not scan whole tables, use bitmaps or sort at any
 * reasonable cost: what it would do on a table large enough for the indexes to matter.
 */
async function indexedPlanOf(
  database: DatabaseHandle,
  compiled: { sql: string; parameters: readonly unknown[] },
) {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off',
    );
    const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, [
      ...compiled.parameters,
    ]);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * The index-per-sort rule: every sort a list's definition offers reads its first page straight
 * from an index, both ways (a descending sort walks the same index backwards), with no Sort step;
 * the statement is the one runList sends. Only sorts a list declares unindexed (a table of a few
 * hundred rows at most, with its reason) are left out.
 */
describe('every sort of every list reads its first page from an index', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const [name, list] of Object.entries(lists)) {
    const { unindexedSorts } = list.spec;
    const sorts = listSortFields(list.spec.definition).filter(
      (field) =>
        !unindexedSorts ||
        (unindexedSorts.fields !== 'all' && !unindexedSorts.fields.includes(field)),
    );
    if (sorts.length === 0) continue;
    it(`${name}: ${sorts.join(', ')}`, async () => {
      for (const field of sorts) {
        for (const sort of [field, `-${field}`]) {
          const { page } = pageQuery(database.db, list, { sort, limit: 50 });
          const plan = await indexedPlanOf(database, page.compile());
          expect(plan, `${name} sort=${sort}`).toMatch(/Index (Only )?Scan/);
          expect(plan, `${name} sort=${sort}`).not.toMatch(/Sort/);
        }
      }
    });
  }
});

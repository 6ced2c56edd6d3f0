import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { settingsTable } from './settings-table';

/**
 * Issue 32, how a new member's first year is billed. Until now an approval billed the whole
 * current year whatever the day (approved on 2 December: the year's full fee, due 1 January).
 *
 * - `membership_billing_settings` (one row, as `backup_settings`): the first-year rule
 *   (`full-year`, `next-year-from-cutoff`, `pro-rata-by-month`) and the cut-off month. The
 *   default is the common practice of federations: approved from 1 October, a member is billed
 *   for the next year in full (and is a member for the rest of this one). Versioned and audited
 *   through the records store; on the change feed, so an open approve dialog follows a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
${settingsTable('membership_billing_settings', 'membership-billing', [
  `first_year_rule text NOT NULL DEFAULT 'next-year-from-cutoff'
    CHECK (first_year_rule IN ('full-year', 'next-year-from-cutoff', 'pro-rata-by-month'))`,
  'cutoff_month smallint NOT NULL DEFAULT 10 CHECK (cutoff_month BETWEEN 1 AND 12)',
])}
${changeFeedTriggers([['membership_billing_settings', 'id']], ['insert', 'update'])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE membership_billing_settings`.execute(db);
}

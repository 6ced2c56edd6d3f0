import { defineList } from '../list-definition';

/**
 * The tables whose changes the console writes to the audit trail (`audit_log.table_name`): the
 * versioned records of the records store and the other writes that are audited (money movements,
 * e-mail templates, jobs, bank entries). The activity log's record type filter takes these.
 * Sessions, sign-in codes and the like write no entries.
 */
export const activityRecordTypes = [
  'members',
  'applications',
  'invoices',
  // Issue 19: notes on members, applications and invoices (and their follow-ups).
  'notes',
  'credit_notes',
  'money_movements',
  'certificates',
  'stripe_invoices',
  'bank_statements',
  'bank_entries',
  'users',
  'operators',
  'emails',
  'email_templates',
  'countries',
  'bank_accounts',
  'exchange_rates',
  'payment_tolerances',
  'dunning_settings',
  'job_schedules',
  'job_runs',
  // Issue 19: saved views of the lists (personal and shared).
  'saved_views',
] as const;
export type ActivityRecordType = (typeof activityRecordTypes)[number];

/**
 * The activity log (issue 18): every audit entry, newest first. Its one sort and every filter
 * have an index (migration 0037).
 */
export const activityList = defineList({
  name: 'activity',
  columns: {
    at: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'Days at headquarters (Europe/Zurich), e.g. "2026-01-01..2026-01-31"',
      header: 'When',
    },
    operator: {
      type: 'text',
      filter: true,
      description:
        'Who: user ids (uid) of operators, e.g. "u1,u2"; "(empty)" for the system and the command line',
      references: 'operator',
      header: 'Who (id)',
      exportKey: 'actorUid',
    },
    /** The export's words for who it was (the web shows them in the operator column). */
    actorName: { header: 'Who' },
    recordType: {
      type: 'text',
      filter: true,
      values: activityRecordTypes,
      description: 'Tables of the records, e.g. "members,invoices"',
      header: 'Record type',
    },
    record: {
      type: 'text',
      filter: true,
      description: "Records' ids (mid, iid, uid, …), e.g. the member whose changes to show",
      header: 'Record id',
      exportKey: 'recordId',
    },
    recordLabel: { header: 'Record' },
    action: {
      type: 'text',
      filter: true,
      description: 'Actions, e.g. "update,status"',
      header: 'Action',
    },
    changes: { header: 'What changed' },
    reason: { header: 'Reason' },
    id: { header: 'Entry id' },
  },
  defaultSort: '-at',
});

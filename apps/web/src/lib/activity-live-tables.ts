/**
 * The audited tables whose changes refresh the activity log at once (their change feed). E-mails
 * and job runs change all the time without an entry (deliveries, progress), so they are left out;
 * their audited changes show at the next refresh. Here rather than in the log's definition
 * because the sidebar's saved-view counts follow them too, outside the log's chunk.
 */
export const activityLiveTables = [
  'members',
  'applications',
  'invoices',
  'notes',
  'certificates',
  'stripe_invoices',
  'bank_statements',
  'users',
  'operators',
  'countries',
  'bank_accounts',
  'email_templates',
  'job_schedules',
] as const;

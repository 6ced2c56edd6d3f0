import type { TActivityListItem } from '@ops/contract/activity';
import { tabParam } from '@/components/detail';
import { paths } from '@/config/paths';

/** The record's History tab: the entry in the context of every other change of the record. */
const history = (href: string) => `${href}?${tabParam}=history`;

/** The detail screen of a record, on its History tab; null for a table without one. */
function detailHref(recordType: string, id: string): string | null {
  switch (recordType) {
    case 'members':
      return history(paths.member.getHref({ mid: id }));
    case 'applications':
      return history(paths.application.getHref({ aid: id }));
    case 'invoices':
      return history(paths.invoice.getHref({ iid: id }));
    case 'certificates':
      return history(paths.certificate.getHref({ cid: id }));
    case 'stripe_invoices':
      return history(paths.stripeInvoice.getHref({ sid: id }));
    case 'bank_statements':
      return paths.bankStatement.getHref({ bsid: id });
    case 'users':
      return history(paths.user.getHref({ uid: id }));
    case 'operators':
      return history(paths.operator.getHref({ uid: id }));
    case 'emails':
      return history(paths.email.getHref({ eid: id }));
    case 'countries':
      return history(paths.country.getHref({ iso2: id }));
    case 'bank_accounts':
      return history(paths.bankAccount.getHref({ id }));
    default:
      return null;
  }
}

/** The settings screen that edits a table's rows (templates, jobs, rates, tolerances, dunning). */
function settingsHref(recordType: string): string | null {
  switch (recordType) {
    case 'email_templates':
      return paths.emailTemplates.getHref();
    case 'job_schedules':
    case 'job_runs':
      return paths.jobs.getHref();
    case 'exchange_rates':
      return paths.exchangeRates.getHref();
    case 'payment_tolerances':
      return paths.paymentTolerances.getHref();
    case 'dunning_settings':
      return paths.dunningSettings.getHref();
    default:
      return null;
  }
}

/** A note's entry (issue 19): the Notes tab of the record the note is on. */
function noteHref(on: NonNullable<TActivityListItem['record']['on']>): string {
  const notes = (href: string) => `${href}?${tabParam}=notes`;
  switch (on.table) {
    case 'members':
      return notes(paths.member.getHref({ mid: on.id }));
    case 'applications':
      return notes(paths.application.getHref({ aid: on.id }));
    case 'invoices':
      return notes(paths.invoice.getHref({ iid: on.id }));
  }
}

/**
 * Where the console shows an entry's record: its detail, opened on its History tab, or the
 * settings screen that edits it; a note's entry, the Notes tab of the record it is on. A record
 * without a screen of its own (a credit note, a bank payment, a money movement), or one that is
 * gone (the server found no label for it: the seed's own entry, a merged-away row), opens the
 * activity log of that record.
 */
export function recordHref(entry: Pick<TActivityListItem, 'recordType' | 'record'>): string {
  const { id, label, on } = entry.record;
  if (entry.recordType === 'notes' && on && label !== null) return noteHref(on);
  const detail = label === null ? null : detailHref(entry.recordType, id);
  const href = detail ?? settingsHref(entry.recordType);
  if (href) return href;
  const query = new URLSearchParams({ recordType: entry.recordType, record: id });
  return `${paths.activity.getHref()}?${query}`;
}

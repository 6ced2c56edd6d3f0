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

/**
 * Where the console shows an entry's record: its detail, opened on its History tab, or the
 * settings screen that edits it. A record without a screen of its own (a credit note, a bank
 * payment, a money movement), or one that is gone (the server found no label for it: the seed's
 * own entry, a merged-away row), opens the activity log of that record.
 */
export function recordHref(entry: Pick<TActivityListItem, 'recordType' | 'record'>): string {
  const { id, label } = entry.record;
  const detail = label === null ? null : detailHref(entry.recordType, id);
  const href = detail ?? settingsHref(entry.recordType);
  if (href) return href;
  const query = new URLSearchParams({ recordType: entry.recordType, record: id });
  return `${paths.activity.getHref()}?${query}`;
}

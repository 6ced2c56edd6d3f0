import type { THomeOverview } from '@ops/contract';
import { listHrefs } from '@/config/paths';
import { applicationStatusesAwaitingReview, failedEmailState } from './constants';

/** One count of the start page: what it counts, and the list that shows those records. */
export type OverviewItem = {
  id: 'applications' | 'invoices' | 'emails';
  label: string;
  count: number;
  /** The list, filtered to the records counted. */
  href: string;
  /** What the counted records are, when there are some. */
  description: string;
  /** Said instead when there are none. */
  emptyText: string;
  /** How urgent a non-zero count is: failed e-mails reached nobody. */
  tone: 'attention' | 'problem';
};

/** The three counts of the start page, in the order they are shown. */
export function getOverviewItems(overview: THomeOverview): OverviewItem[] {
  return [
    {
      id: 'applications',
      label: 'Applications awaiting review',
      count: overview.applicationsAwaitingReview,
      href: listHrefs.applications({ status: applicationStatusesAwaitingReview }),
      description: 'Submitted, endorsed or under review.',
      emptyText: 'No applications are waiting for review.',
      tone: 'attention',
    },
    {
      id: 'invoices',
      label: 'Overdue invoices',
      count: overview.overdueInvoices,
      href: listHrefs.invoices({ overdue: true }),
      description: 'Issued and past their due date.',
      emptyText: 'No invoices are overdue.',
      tone: 'attention',
    },
    {
      id: 'emails',
      label: 'Failed e-mails',
      count: overview.failedEmails,
      href: listHrefs.emails({ state: failedEmailState }),
      description: 'Delivery failed for good; nobody received them.',
      emptyText: 'No e-mails have failed.',
      tone: 'problem',
    },
  ];
}

const countFormat = new Intl.NumberFormat('en');

/** A count as shown: grouped thousands (1,204), so a large backlog reads at a glance. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

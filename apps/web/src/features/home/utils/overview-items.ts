import type { THomeOverview } from '@ops/contract';
import { formatCount, formatDate } from '@ops/contract/display-format';
import { overviewDrillDowns } from '@ops/contract/home-definitions';
import { hrefOfDrillDown } from '@/lib/drill-down-href';

/** One count of the start page: what it counts, and the list that shows those records. */
export type OverviewItem = {
  id:
    | 'applications'
    | 'change-requests'
    | 'close-requests'
    | 'bank-payments'
    | 'emails'
    | 'invoices'
    | `dunning-level-${number}`
    | 'suspension';
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

/**
 * The counts of the start page ("To do today"), in the order they are shown: applications, the
 * members' change and close-account requests from the portal, bank payments to match, failed
 * e-mails, overdue invoices, one count per enabled dunning level, and the members due for
 * suspension.
 */
export function getOverviewItems(overview: THomeOverview): OverviewItem[] {
  const bankPayments = overview.suggestedBankPayments + overview.unmatchedBankPayments;
  const { suspension } = overview;
  return [
    {
      id: 'applications',
      label: 'Applications awaiting review',
      count: overview.applicationsAwaitingReview,
      href: hrefOfDrillDown(overviewDrillDowns.applications()),
      description: 'Submitted, endorsed or under review.',
      emptyText: 'No applications are waiting for review.',
      tone: 'attention',
    },
    // Issue 35: what members asked from the portal, each count opening the pending requests of
    // its kind in the queue (as the server counts them: pending, of that kind).
    {
      id: 'change-requests',
      label: 'Change requests to review',
      count: overview.pendingChangeRequests,
      href: hrefOfDrillDown(overviewDrillDowns.changeRequests()),
      description: 'Changes of company data members asked for in the portal, waiting for review.',
      emptyText: 'No change of company data is waiting for review.',
      tone: 'attention',
    },
    {
      id: 'close-requests',
      label: 'Close-account requests',
      count: overview.pendingCloseRequests,
      href: hrefOfDrillDown(overviewDrillDowns.closeRequests()),
      description: 'Members who asked in the portal to close their account.',
      emptyText: 'No member has asked to close its account.',
      tone: 'attention',
    },
    {
      id: 'bank-payments',
      label: 'Bank payments to match',
      count: bankPayments,
      // The unmatched payments queue: the suggestions first, then the unmatched.
      href: hrefOfDrillDown(overviewDrillDowns.bankPayments()),
      description: `${formatCount(overview.suggestedBankPayments)} suggested (confirm them), ${formatCount(overview.unmatchedBankPayments)} unmatched (assign them).`,
      emptyText: 'Every imported payment is booked or set aside.',
      tone: 'attention',
    },
    {
      id: 'emails',
      label: 'Failed e-mails',
      count: overview.failedEmails,
      href: hrefOfDrillDown(overviewDrillDowns.emails()),
      description: 'Delivery failed for good; nobody received them.',
      emptyText: 'No e-mails have failed.',
      tone: 'problem',
    },
    {
      id: 'invoices',
      label: 'Overdue invoices',
      count: overview.overdueInvoices,
      href: hrefOfDrillDown(overviewDrillDowns.overdueInvoices()),
      description: 'Issued and past their due date.',
      emptyText: 'No invoices are overdue.',
      tone: 'attention',
    },
    ...overview.dunningLevels.map((level): OverviewItem => ({
      id: `dunning-level-${level.level}`,
      label: `${level.name} sent`,
      count: level.invoices,
      href: hrefOfDrillDown(overviewDrillDowns.dunningLevel(level.level)),
      description: `Issued invoices whose last reminder was this one (level ${level.level}).`,
      emptyText: `No open invoice is at this level (${level.level}).`,
      tone: 'attention',
    })),
    ...(suspension
      ? [
          {
            id: 'suspension' as const,
            label: 'Members due for suspension',
            count: suspension.members,
            // The invoices that make a member due (see `overviewDrillDowns.suspension`).
            href: hrefOfDrillDown(overviewDrillDowns.suspension(suspension.dueOnOrBefore)),
            description: `Not suspended yet, with an invoice due on or before ${formatDate(suspension.dueOnOrBefore)} (${suspension.name}).`,
            emptyText: 'No member is due for suspension.',
            tone: 'problem' as const,
          },
        ]
      : []),
  ];
}

/** A count as shown: grouped thousands (1,204), the console's one count format. */
export { formatCount };

import type { THomeOverview } from '@ops/contract';
import { formatDate } from '@ops/contract/display-format';
import { memberCategories } from '@ops/contract/values';
import { listHrefs, paths } from '@/config/paths';
import { applicationStatusesAwaitingReview, failedEmailState } from './constants';

/** One count of the start page: what it counts, and the list that shows those records. */
export type OverviewItem = {
  id:
    | 'applications'
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

/** Members the dunning may suspend: every category but honorary members (never chased). */
const chasedCategories = memberCategories.filter((category) => category !== 'honorary');

/**
 * The counts of the start page ("To do today"), in the order they are shown: applications, bank
 * payments to match, failed e-mails, overdue invoices, one count per enabled dunning level, and
 * the members due for suspension.
 */
export function getOverviewItems(overview: THomeOverview): OverviewItem[] {
  const bankPayments = overview.suggestedBankPayments + overview.unmatchedBankPayments;
  const { suspension } = overview;
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
      id: 'bank-payments',
      label: 'Bank payments to match',
      count: bankPayments,
      // The unmatched payments queue: the suggestions first, then the unmatched.
      href: paths.bankStatementsUnmatched.getHref(),
      description: `${formatCount(overview.suggestedBankPayments)} suggested (confirm them), ${formatCount(overview.unmatchedBankPayments)} unmatched (assign them).`,
      emptyText: 'Every imported payment is booked or set aside.',
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
    {
      id: 'invoices',
      label: 'Overdue invoices',
      count: overview.overdueInvoices,
      href: listHrefs.invoices({ overdue: true }),
      description: 'Issued and past their due date.',
      emptyText: 'No invoices are overdue.',
      tone: 'attention',
    },
    ...overview.dunningLevels.map((level): OverviewItem => ({
      id: `dunning-level-${level.level}`,
      label: `${level.name} sent`,
      count: level.invoices,
      href: listHrefs.invoices({ status: 'issued', dunningLevel: level.level }),
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
            // The issued invoices due on or before the day the suspending level is reached, of
            // members who are not honorary, oldest due first: every member counted appears
            // there with the invoice that makes them due. The list cannot tell a member's status
            // or exemption, so it also shows the invoices of members suspended already or
            // exempt from dunning, whom the count leaves out.
            href: listHrefs.invoices({
              status: 'issued',
              dueDate: `..${suspension.dueOnOrBefore}`,
              memberCategory: chasedCategories,
              sort: 'dueDate',
            }),
            description: `Not suspended yet, with an invoice due on or before ${formatDate(suspension.dueOnOrBefore)} (${suspension.name}).`,
            emptyText: 'No member is due for suspension.',
            tone: 'problem' as const,
          },
        ]
      : []),
  ];
}

const countFormat = new Intl.NumberFormat('en');

/** A count as shown: grouped thousands (1,204), so a large backlog reads at a glance. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

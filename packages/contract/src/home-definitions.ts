import type { TDrillDown } from './drill-downs';
import type { applicationStatuses, emailStates, memberStatuses } from './enumerations';
import { memberCategories } from './enumerations';

/**
 * The start page's counts declared once (issue 33), zod-free: what each count counts, which the
 * server's overview query (`apps/server/src/home/service.ts`) and the card's link to the
 * records counted (`overviewDrillDowns`, read by the browser) both take from here.
 */

/** Application statuses that wait for the federation's staff to act. */
export const applicationStatusesAwaitingReview = [
  'submitted',
  'endorsed',
  'under-review',
] as const satisfies readonly (typeof applicationStatuses)[number][];

/** The delivery state of an e-mail that failed for good (the failed e-mails count). */
export const failedEmailState = 'ERROR' satisfies (typeof emailStates)[number];

/**
 * The member statuses the suspending dunning level moves to `suspended` (as the dunning run's
 * `suspendMembersForUnpaidInvoices` does): the others are suspended or ended already.
 */
export const suspendableMemberStatuses = [
  'pending-payment',
  'active',
  'overdue',
] as const satisfies readonly (typeof memberStatuses)[number][];

/** The member category the dunning never chases (nor suspends). */
export const unchasedMemberCategory = 'honorary' satisfies (typeof memberCategories)[number];

/** Members the dunning may suspend: every category but honorary members. */
export const chasedMemberCategories = memberCategories.filter(
  (category) => category !== unchasedMemberCategory,
);

/** Where each count of the start page leads: the list filtered to the records counted. */
export const overviewDrillDowns = {
  applications: (): TDrillDown => ({
    screen: 'applications',
    query: { status: applicationStatusesAwaitingReview },
  }),
  /** Issue 35: what members asked in the portal, pending, of each kind (as the home counts). */
  changeRequests: (): TDrillDown => ({
    screen: 'changeRequests',
    query: { status: 'pending', kind: 'company-data' },
  }),
  closeRequests: (): TDrillDown => ({
    screen: 'changeRequests',
    query: { status: 'pending', kind: 'close-account' },
  }),
  /** The unmatched payments queue: the suggestions first, then the unmatched. */
  bankPayments: (): TDrillDown => ({ screen: 'bankStatementsUnmatched' }),
  emails: (): TDrillDown => ({ screen: 'emails', query: { state: failedEmailState } }),
  /** Issued and past their due date (the list's `overdue=true` counts as the server does). */
  overdueInvoices: (): TDrillDown => ({ screen: 'invoices', query: { overdue: true } }),
  dunningLevel: (level: number): TDrillDown => ({
    screen: 'invoices',
    query: { status: 'issued', dunningLevel: String(level) },
  }),
  /**
   * The issued invoices due on or before the day the suspending level is reached, of members who
   * are not honorary, oldest due first: every member counted appears there with the invoice that
   * makes them due. The list cannot tell a member's status or exemption, so it also shows the
   * invoices of members suspended already or exempt from dunning, whom the count leaves out.
   */
  suspension: (dueOnOrBefore: string): TDrillDown => ({
    screen: 'invoices',
    query: {
      status: 'issued',
      dueDate: `..${dueOnOrBefore}`,
      memberCategory: chasedMemberCategories,
      sort: 'dueDate',
    },
  }),
};

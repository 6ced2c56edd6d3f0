import {
  invoiceCurrencies,
  invoiceKinds,
  invoiceSources,
  invoiceStatuses,
  memberCategories,
  regions,
} from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The invoices list, newest number first. Every sort has its index (migration 0016; the balance's
 * 0026); the member, overdue, partially paid and date filters are the server's own conditions
 * (`invoicesListFor`).
 */
export const invoicesList = defineList({
  name: 'invoices',
  columns: {
    number: { type: 'text', sort: true, header: 'Invoice number' },
    member: {
      type: 'text',
      filter: true,
      description: 'Member ids (mid): the invoices of these members',
      references: 'member',
      header: 'Membership number',
      exportKey: 'memberNumber',
    },
    memberName: { header: 'Member' },
    // Issue 18, the reports' drill-down: the invoices of the members in these regions,
    // countries or categories (the member's values now, as the reports count them).
    region: {
      type: 'text',
      filter: true,
      values: regions,
      description: 'Regions of the member\'s country, e.g. "europe,americas"',
    },
    memberCountry: {
      type: 'text',
      filter: true,
      description: 'The member\'s country, ISO 3166 alpha-2 codes, e.g. "CH,DE"',
      references: 'country',
    },
    memberCategory: {
      type: 'text',
      filter: true,
      values: memberCategories,
      description: 'The member\'s category, e.g. "individual,association"',
    },
    kind: { type: 'text', sort: true, filter: true, values: invoiceKinds, header: 'Kind' },
    year: {
      type: 'integer',
      sort: true,
      filter: true,
      description: 'Years, e.g. "2025,2026" or "2024..2026"',
      header: 'Year',
    },
    issueDate: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of dates, e.g. "2026-01-01..2026-01-31", or "(empty)"',
      header: 'Issue date',
    },
    dueDate: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of dates, e.g. "..2026-02-28", or "(empty)"',
      header: 'Due date',
    },
    currency: {
      type: 'text',
      sort: true,
      filter: true,
      values: invoiceCurrencies,
      description: 'e.g. "CHF,EUR"',
      header: 'Currency',
    },
    total: { type: 'integer', sort: true, header: 'Total' },
    // Issue 16: what payments, credit notes and write-offs left open (index from migration 0026).
    balance: { type: 'integer', sort: true, header: 'Balance' },
    status: {
      type: 'text',
      sort: true,
      filter: true,
      values: invoiceStatuses,
      description: 'Statuses, e.g. "issued,paid"',
      header: 'Status',
    },
    overdue: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description:
        '"true": issued and past due (today at headquarters); "false": every other invoice',
      header: 'Overdue',
      exportKey: 'isOverdue',
    },
    partial: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description:
        '"true": partially paid (issued, with money received and a balance left); "false": every other invoice',
      header: 'Partially paid',
      exportKey: 'isPartiallyPaid',
    },
    // Issue 17: the highest dunning level sent, 0 = none (index from migration 0033).
    dunningLevel: {
      type: 'integer',
      sort: true,
      filter: true,
      description: 'Levels, e.g. "1,2" or "1..4" (0: no reminder sent)',
      header: 'Dunning level',
      item: { type: 'integer', description: 'The highest dunning level sent (0: none)' },
    },
    // Issue 32: the postal reminders still to print and post (dunning's letters), a filter only.
    needsLetter: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description:
        '"true": open, with a postal reminder at its dunning level whose letter is not posted yet; "false": every other invoice',
    },
    paidAt: {
      type: 'date',
      sort: true,
      // Issue 18: the day paid at headquarters (Europe/Zurich).
      filter: true,
      description:
        'Days paid at headquarters (Europe/Zurich), e.g. "2026-01-01..2026-01-31", or "(empty)": not paid',
      header: 'Paid at',
    },
    paidAmount: { header: 'Paid amount' },
    paidMethod: { header: 'Payment method' },
    source: { type: 'text', sort: true, filter: true, values: invoiceSources, header: 'Source' },
    iid: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Invoice ids: "a1,b2"',
      header: 'Id',
    },
  },
  defaultSort: '-number',
});

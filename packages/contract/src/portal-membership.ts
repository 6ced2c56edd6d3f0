import { z } from 'zod';
import {
  certificateStatuses,
  certificateTypes,
  invoiceKinds,
  invoiceStatuses,
  memberCategories,
  memberStatuses,
} from './enumerations';
import { ZStatementQuery } from './ledger';

/**
 * The member portal's membership side (issue 35): what a member's users see of their own member.
 * Every route is for the signed-in user's member; `?member=<mid>` picks one where a user has
 * several, and a member that is not theirs answers like one that does not exist (404).
 */

/** A user's role at its member, as the console's users area sets it. */
export const portalMemberRoles = ['owner', 'admin', 'staff'] as const;
export type TPortalMemberRole = (typeof portalMemberRoles)[number];

const ZMid = z.string().min(1).max(40);
const ZMinorString = z.string().describe('Minor units (an integer as a string)');
const ZDay = z.string().describe('A calendar day, YYYY-MM-DD');

export const ZPortalMemberQuery = z.object({
  member: ZMid.optional().describe("The member, when the user has several (default: the user's)"),
});

/** `PUT /api/membership/current`: the member a group's person acts for from now on. */
export const ZPortalMemberSwitch = z
  .object({ mid: ZMid.describe('One of the members in `memberships`') })
  .describe('Switch the member this portal session acts for');
export type TPortalMemberSwitch = z.infer<typeof ZPortalMemberSwitch>;

/** One of the members a user may act for. */
export const ZPortalMembershipChoice = z.object({
  mid: z.string(),
  number: z.string(),
  legalName: z.string(),
  role: z.enum(portalMemberRoles),
});

/** What the member owes in one currency: the open invoices' balance and the next due day. */
export const ZPortalAmountDue = z.object({
  currency: z.string(),
  balanceMinor: ZMinorString,
  openInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
  nextDueDate: ZDay.nullable(),
});

export const ZPortalMembership = z
  .object({
    mid: z.string(),
    number: z.string(),
    legalName: z.string(),
    category: z.enum(memberCategories),
    status: z.enum(memberStatuses),
    paidThroughYear: z.number().int().nullable(),
    joinedOn: ZDay.nullable(),
    terminatedOn: ZDay.nullable(),
    role: z.enum(portalMemberRoles),
    due: z.array(ZPortalAmountDue),
    memberships: z.array(ZPortalMembershipChoice),
  })
  .describe("The signed-in user's member: status, paid-through year, what is due, the user's role");
export type TPortalMembership = z.infer<typeof ZPortalMembership>;

export const ZPortalInvoice = z.object({
  iid: z.string(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  year: z.number().int(),
  issueDate: ZDay.nullable(),
  dueDate: ZDay.nullable(),
  currency: z.string(),
  totalMinor: ZMinorString,
  balanceMinor: ZMinorString.describe(
    'What is still to pay: total less payments, credit notes and write-offs',
  ),
  status: z.enum(invoiceStatuses),
  isOverdue: z.boolean().describe('Issued, unpaid and past its due day (headquarters’ day)'),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  payByCard: z
    .boolean()
    .describe('A card-payment page is open for it: POST /api/invoices/{iid}/pay gives its address'),
  transfer: z
    .object({
      holderName: z.string(),
      bankName: z.string(),
      iban: z.string().describe('Grouped by four, as printed'),
      bic: z.string().nullable(),
    })
    .nullable()
    .describe(
      'Where to pay it by bank transfer, with the payment reference (the PDF has the QR-bill)',
    ),
});
export type TPortalInvoice = z.infer<typeof ZPortalInvoice>;

export const ZPortalInvoiceList = z
  .object({ items: z.array(ZPortalInvoice) })
  .describe("The member's invoices (drafts are staff's), newest first");

export const ZPortalInvoiceParams = z.object({ iid: z.string().min(1).max(40) });

export const ZPortalCardPayment = z
  .object({
    url: z.string().url().describe('The card-payment page (the provider’s hosted invoice)'),
  })
  .describe('Where the member pays the invoice by card; the webhook books the payment');
export type TPortalCardPayment = z.infer<typeof ZPortalCardPayment>;

export const ZPortalCreditNote = z.object({
  cnid: z.string(),
  number: z.string(),
  invoiceNumber: z.string(),
  issueDate: ZDay,
  currency: z.string(),
  totalMinor: ZMinorString.describe('What it credits'),
  reason: z.string(),
});
export type TPortalCreditNote = z.infer<typeof ZPortalCreditNote>;

export const ZPortalCreditNoteList = z
  .object({ items: z.array(ZPortalCreditNote) })
  .describe("The member's credit notes, newest first");

export const ZPortalCreditNoteParams = z.object({ cnid: z.string().min(1).max(40) });

export const ZPortalCertificate = z.object({
  cid: z.string(),
  number: z.string(),
  type: z.enum(certificateTypes),
  documentCode: z.string().nullable(),
  year: z.number().int(),
  validFrom: ZDay,
  validTo: ZDay,
  status: z.enum(certificateStatuses),
  verificationUrl: z.string().describe('The public check of its authenticity'),
});
export type TPortalCertificate = z.infer<typeof ZPortalCertificate>;

export const ZPortalCertificateList = z
  .object({ items: z.array(ZPortalCertificate) })
  .describe("The member's issued certificates, current and past, newest first");

export const ZPortalCertificateParams = z.object({ cid: z.string().min(1).max(40) });

export const ZPortalPdfQuery = ZPortalMemberQuery.extend({
  download: z.enum(['0', '1']).optional().describe('1: save instead of showing'),
});

export const ZPortalStatementQuery = ZPortalPdfQuery.extend(
  ZStatementQuery.omit({ download: true }).shape,
).describe("The member's statement of account for a period, as the console makes it");
export type TPortalStatementQuery = z.infer<typeof ZPortalStatementQuery>;

/**
 * The contract's enumerations, zod-free: the values a list definition filters by and the
 * browser offers, moved here from their areas' modules (which re-export them unchanged).
 */

// --- Members ---------------------------------------------------------------------------------

export const memberCategories = ['individual', 'association', 'group', 'honorary'] as const;
export const memberStatuses = [
  'pending-payment',
  'active',
  'overdue',
  'suspended',
  'terminated',
  'resigned',
] as const;

// --- Applications ----------------------------------------------------------------------------

/** The life cycle of shared/design/domain.md, as the database stores it. */
export const applicationStatuses = [
  'draft',
  'submitted',
  'awaiting-endorsement',
  'endorsed',
  'under-review',
  'information-requested',
  'approved',
  'rejected',
  'endorsement-declined',
  'withdrawn',
] as const;
export const applicationCategories = ['individual', 'association'] as const;

/** Where an application came from: the member portal, or anything before it (demo, legacy). */
export const applicationSources = ['online', 'imported'] as const;

// --- Certificates ----------------------------------------------------------------------------

/** What a certificate attests: membership, a transport-document licence, or the diploma. */
export const certificateTypes = ['membership', 'document-licence', 'diploma'] as const;
/**
 * pending → issued → expired (after valid-to) | revoked | superseded. `expired` is marked by an
 * hourly sweep and also shown at once on read when an issued certificate's valid-to has passed.
 */
export const certificateStatuses = [
  'pending',
  'issued',
  'expired',
  'revoked',
  'superseded',
] as const;

// --- Countries -------------------------------------------------------------------------------

/** The federation's four regions. */
export const regions = ['africa-middle-east', 'americas', 'asia-pacific', 'europe'] as const;
/** World Bank income groups, poorest first. */
export const incomeGroups = ['low', 'lower-middle', 'upper-middle', 'high'] as const;
/**
 * Membership fee bands. A country starts in the band of its income group (A high, B upper-middle,
 * C lower-middle, D low); the federation may place it elsewhere.
 */
export const feeCategories = ['A', 'B', 'C', 'D'] as const;

// --- E-mails ---------------------------------------------------------------------------------

/**
 * The e-mail log (issue 6). Every e-mail is a row first (the outbox); a worker delivers it:
 * PENDING → PROCESSING (a lease) → SUCCESS | ERROR, temporary failures through RETRY; an
 * operator's retry sets RETRY again. (Not to be confused with `email.ts`, the address schema.)
 */
export const emailStates = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY'] as const;
/**
 * How a delivered e-mail left: `smtp`, accepted by the mail server of `SMTP_URL`; `log`, only
 * written to the server log because `SMTP_URL` is not set (it reached nobody's mailbox).
 */
export const emailDeliveryModes = ['smtp', 'log'] as const;
/** The records an e-mail can be about (its related record). */
export const emailRelatedTables = [
  'users',
  'applications',
  'members',
  'invoices',
  'certificates',
  'stripe_invoices',
] as const;
/** The kinds of e-mail the system sends (the list's kind filter offers these). */
export const emailKinds = [
  'sign-in-link',
  'password-reset',
  'application-approved',
  'application-endorsement-requested',
  'invoice-issued',
  // Issue 32: an issued invoice e-mailed again by an operator (Send again).
  'invoice-sent-again',
  'invoice',
  'payment-reminder',
  // Issue 17: the dunning levels' e-mails (`dunningTemplateKinds`).
  'dunning-reminder-1',
  'dunning-reminder-2',
  'dunning-final-notice',
  'dunning-suspension',
  'certificate-issued',
  'certificate',
  'credit-note',
  'statement-of-account',
  // Issue 35: a colleague invited from the member portal.
  'colleague-invitation',
  'template-test',
] as const;

// --- Invoices --------------------------------------------------------------------------------

export const invoiceStatuses = [
  'draft',
  'issued',
  'paid',
  'void',
  'uncollectible',
  'credited',
] as const;
export const invoiceKinds = ['membership', 'licence', 'application', 'other'] as const;
export const invoiceSources = ['generated', 'csv-import', 'manual'] as const;
/** Currencies we invoice in (fees are set in CHF; EUR and USD on request). */
export const invoiceCurrencies = ['CHF', 'EUR', 'USD'] as const;

// --- Payments --------------------------------------------------------------------------------

/** The provider's invoice life cycle: draft → open → paid | void | uncollectible (a fact). */
export const paymentStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
/** Whether a card-payment invoice is linked to one of our invoices (the list's filter). */
export const paymentLinkedValues = ['yes', 'no'] as const;

// --- Users -----------------------------------------------------------------------------------

/** A user's role at their member (domain.md: owner / admin / staff). */
export const memberRoles = ['owner', 'admin', 'staff'] as const;

// --- The money loop (issue 16) -------------------------------------------------------------------

/** Every movement of money on an invoice or a member's account (money_movements.kind). */
export const moneyMovementKinds = [
  'payment',
  'write-off',
  'credit-note',
  'credit-applied',
  'refund',
  'reversal',
] as const;
/** Where a payment came from: a bank statement, the card provider, a CSV, by hand, member credit, or recorded before issue 16. */
export const moneyMovementSources = [
  'bank',
  'card',
  'csv',
  'manual',
  'credit',
  'recorded',
] as const;
/** What became of a bank statement's transaction. */
export const bankEntryStates = [
  'booked',
  'suggested',
  'unmatched',
  'ignored',
  'debit',
  'duplicate',
] as const;
/** How a bank payment found its invoice, in matching order. */
export const bankMatchRules = [
  'qr-reference',
  'creditor-reference',
  'invoice-number',
  'known-iban',
  'operator',
] as const;
/** What a booked payment did to its invoice. */
export const paymentOutcomes = ['paid', 'partial', 'overpaid'] as const;
export type TMoneyMovementKind = (typeof moneyMovementKinds)[number];
export type TMoneyMovementSource = (typeof moneyMovementSources)[number];
export type TBankEntryState = (typeof bankEntryStates)[number];
export type TBankMatchRule = (typeof bankMatchRules)[number];
export type TPaymentOutcome = (typeof paymentOutcomes)[number];

// --- Languages -------------------------------------------------------------------------------

/**
 * The federation's four working languages (issue 17): a member's or user's preferred language
 * for e-mails and PDFs. English is every template's fallback.
 */
export const languages = ['en', 'fr', 'de', 'es'] as const;
export type Language = (typeof languages)[number];
export const languageLabels: Record<Language, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
};

/** What a member asks staff from the portal (issue 35): company data, or to close the account. */
export const changeRequestKinds = ['company-data', 'close-account'] as const;

/** A change request's life: pending until staff approve or decline it, or the member withdraws. */
export const changeRequestStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;

import { actionCodeLifetimeMs, type EmailTemplateKind } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';

/**
 * What each kind of e-mail can say: the variables its sender passes, documented for the editor,
 * and example values. A template is validated at save by rendering it against every example of
 * its kind — the full one and one with every optional value null — so a template that only
 * works when a reference, a card page or an account is there is refused at save rather than
 * failing on the first invoice without one.
 *
 * Money and dates arrive written in the recipient's language and formats (issue 32,
 * `@ops/contract/member-formats`: "1 250.00 CHF", "5 février 2026"), references grouped. Links point only to what
 * exists: the card-payment page of an invoice that has one, else the bank details and the QR
 * reference (there is no member portal).
 */

export type MemberVariables = { name: string; number: string };

export type BankAccountVariables = {
  holderName: string;
  bankName: string;
  iban: string;
  qrIban: string | null;
  bic: string | null;
};

export type InvoiceVariables = {
  number: string;
  total: string;
  balance: string;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  paymentReference: string | null;
  cardPaymentUrl: string | null;
};

type ApplicationBase = {
  applicant: { name: string | null };
  application: { number: string; legalName: string };
};

/** A closing balance of a statement: the amount and whether the member owes it. */
export type ClosingBalance = { amount: string; position: 'owed' | 'in-favour' | 'settled' };

type LinkVariables = { email: string; link: string; expiresInMinutes: number };

/** The variables of every dunning level, exactly as the dunning run passes them. */
export type DunningVariables = {
  member: MemberVariables;
  invoice: InvoiceVariables & { daysOverdue: number };
  bankAccount: BankAccountVariables | null;
  level: { number: number; name: string; days: number };
  suspensionOn: string | null;
};

/** The variables of each kind. */
export type EmailVariables = {
  'sign-in-link': LinkVariables;
  'password-reset': LinkVariables;
  'application-approved': ApplicationBase & {
    member: { number: string };
    invoice: { number: string; total: string; dueDate: string | null };
  };
  'application-rejected': ApplicationBase & { reason: string };
  'application-information-requested': ApplicationBase & {
    message: string;
    answerUrl: string | null;
  };
  'application-endorsement-declined': ApplicationBase & { reason: string };
  'colleague-invitation': {
    member: { name: string; number: string };
    invitedBy: string;
    role: string;
    link: string;
    expiresOn: string;
  };
  'application-endorsement-requested': {
    association: { name: string };
    application: { number: string; legalName: string; countryName: string | null };
    link: string;
    expiresOn: string;
    reminder: boolean;
  };
  'application-draft-reminder': {
    applicant: { name: string | null };
    application: { number: string; legalName: string | null };
    continueUrl: string;
    deletionDate: string;
  };
  invoice: {
    member: MemberVariables;
    invoice: InvoiceVariables;
    bankAccount: BankAccountVariables | null;
  };
  'dunning-reminder-1': DunningVariables;
  'dunning-reminder-2': DunningVariables;
  'dunning-final-notice': DunningVariables;
  'dunning-suspension': DunningVariables;
  'credit-note': {
    member: MemberVariables;
    creditNote: { number: string; total: string; issueDate: string; reason: string };
    invoice: { number: string };
    /** What the member had already paid and now has as credit (null: nothing was paid). */
    creditAmount: string | null;
  };
  certificate: {
    member: MemberVariables;
    certificate: { number: string; year: number; verificationUrl: string };
  };
  'statement-of-account': {
    member: MemberVariables;
    period: { from: string; to: string };
    /** Per currency, the closing balance and whose favour it is in; empty: no movement. */
    closingBalances: ClosingBalance[];
  };
};

/** One variable for the editor's list: its path and what it holds. */
type VariableDoc = [name: string, description: string];

const memberDocs: VariableDoc[] = [
  ['member.name', "The member's name (legal name)"],
  ['member.number', 'The membership number'],
];

const bankDocs: VariableDoc[] = [
  [
    'bankAccount',
    'The account to pay into, or null when the invoice names none: test it with {% if bankAccount %}',
  ],
  ['bankAccount.holderName', 'The account holder'],
  ['bankAccount.bankName', 'The bank'],
  ['bankAccount.iban', 'The IBAN, grouped by four'],
  ['bankAccount.qrIban', 'The QR-IBAN for Swiss QR-bills, or null'],
  ['bankAccount.bic', 'The BIC, or null'],
];

const invoiceDocs: VariableDoc[] = [
  ['invoice.number', 'The invoice number'],
  ['invoice.total', 'The total, formatted with its currency ("CHF 1,250.00")'],
  ['invoice.balance', 'What is still owed, formatted with its currency'],
  ['invoice.currency', 'The currency code (CHF, EUR, USD)'],
  ['invoice.issueDate', 'The issue date, written out in the member’s language (null for a draft)'],
  ['invoice.dueDate', 'The due date, written out in the member’s language, or null'],
  [
    'invoice.paymentReference',
    'The reference to quote on a bank transfer (QR or creditor reference), or null',
  ],
  [
    'invoice.cardPaymentUrl',
    'The card-payment page of the invoice, or null when it has none (then give the bank details)',
  ],
];

const applicationDocs: VariableDoc[] = [
  ['applicant.name', "The applicant's name, or null when unknown"],
  ['application.number', 'The application number'],
  ['application.legalName', 'The applying company or person'],
];

const linkDocs = (purpose: string): VariableDoc[] => [
  ['email', 'The address the link was asked for'],
  ['link', `The single-use ${purpose} link: it must appear in the text and the HTML`],
  ['expiresInMinutes', 'How many minutes the link works'],
];

const dunningDocs: VariableDoc[] = [
  ...memberDocs,
  ...invoiceDocs,
  ['invoice.daysOverdue', 'Days since the due date'],
  ...bankDocs,
  ['level.number', 'The dunning level (1 for the first reminder)'],
  ['level.name', 'The level in words (e.g. "First reminder")'],
  ['level.days', 'Days after the due date this level is sent'],
  ['suspensionOn', 'The date the membership is suspended if still unpaid (written out), or null'],
];

export const emailTemplateVariableDocs: Record<EmailTemplateKind, VariableDoc[]> = {
  'sign-in-link': linkDocs('sign-in'),
  'password-reset': linkDocs('password-reset'),
  'application-approved': [
    ...applicationDocs,
    ['member.number', 'The new membership number'],
    ['invoice.number', 'The first membership invoice'],
    ['invoice.total', 'Its total, formatted with its currency'],
    ['invoice.dueDate', 'Its due date, written out in the member’s language, or null'],
  ],
  'application-rejected': [...applicationDocs, ['reason', 'Why, as the operator wrote it']],
  'application-information-requested': [
    ...applicationDocs,
    ['message', 'What is needed, as the operator wrote it'],
    [
      'answerUrl',
      'The application in the member portal, where the applicant answers (it asks them to sign in and carries no secret), or null when no user applied',
    ],
  ],
  'application-endorsement-declined': [
    ...applicationDocs,
    ['reason', 'The national association’s reason, as recorded'],
  ],
  'colleague-invitation': [
    ['member.name', 'The member the colleague is invited to'],
    ['member.number', 'Its membership number'],
    ['invitedBy', 'Who invites: their name, else their e-mail address'],
    ['role', 'The role they will have, as a word in the recipient’s language'],
    ['link', 'The invitation in the member portal (asks them to sign in; carries no secret)'],
    ['expiresOn', 'The last day it can be accepted, written out in the recipient’s language'],
  ],
  'application-endorsement-requested': [
    ['association.name', 'The national association asked to endorse'],
    ['application.number', 'The application number'],
    ['application.legalName', 'The applying company'],
    ['application.countryName', 'Its country, or null'],
    [
      'link',
      'The endorsement page (single-purpose, secret): it must appear whole in the text and the HTML',
    ],
    ['expiresOn', 'The last day the link works, written out in the recipient’s language'],
    ['reminder', 'True when this is a reminder (7 or 14 days without an answer)'],
  ],
  'application-draft-reminder': [
    ['applicant.name', 'The applicant’s name, or null when not known'],
    ['application.number', 'The application number'],
    ['application.legalName', 'The company’s legal name, or null when the draft has none yet'],
    ['continueUrl', 'The draft in the portal (asks the person to sign in; carries no secret)'],
    [
      'deletionDate',
      'The day the draft and its documents are deleted, in the recipient’s language',
    ],
  ],
  invoice: [...memberDocs, ...invoiceDocs, ...bankDocs],
  'dunning-reminder-1': dunningDocs,
  'dunning-reminder-2': dunningDocs,
  'dunning-final-notice': dunningDocs,
  'dunning-suspension': dunningDocs,
  'credit-note': [
    ...memberDocs,
    ['creditNote.number', 'The credit note number'],
    ['creditNote.total', 'The amount credited, formatted with its currency'],
    ['creditNote.issueDate', 'The issue date, written out in the member’s language'],
    ['creditNote.reason', 'Why, as the operator wrote it'],
    ['invoice.number', 'The invoice it credits'],
    [
      'creditAmount',
      'What the member had already paid and now has as credit, formatted; null when nothing was paid',
    ],
  ],
  certificate: [
    ...memberDocs,
    ['certificate.number', 'The certificate number'],
    ['certificate.year', 'The membership year it certifies'],
    ['certificate.verificationUrl', 'The public page that checks it (also in its QR code)'],
  ],
  'statement-of-account': [
    ...memberDocs,
    ['period.from', 'First day of the period, written out'],
    ['period.to', 'Last day of the period, written out'],
    [
      'closingBalances',
      'Per currency, the closing balance: a list (empty when nothing moved) to loop over with {% for balance in closingBalances %}',
    ],
    ['balance.amount', 'In the loop: the amount, formatted with its currency'],
    ['balance.position', "In the loop: 'owed' (the member owes it), 'in-favour' or 'settled'"],
  ],
};

// --- Examples ---------------------------------------------------------------------------------

const member: MemberVariables = { name: 'Helvetic Timing SA', number: 'M-004217' };

const bankAccount: BankAccountVariables = {
  holderName: 'International Federation',
  bankName: 'PostFinance AG',
  iban: 'CH93 0076 2011 6238 5295 7',
  qrIban: 'CH44 3199 9123 0008 8901 2',
  bic: 'POFICHBEXXX',
};

const invoice: InvoiceVariables = {
  number: 'INV-2026-001234',
  total: 'CHF 1,250.00',
  balance: 'CHF 1,250.00',
  currency: 'CHF',
  issueDate: '2026-01-02',
  dueDate: '2026-01-31',
  paymentReference: '21 00000 00003 13947 14300 09017',
  cardPaymentUrl: 'https://invoice.stripe.com/i/acct_example/test_example',
};

/** The same invoice without the optional values: no reference, no card page, no due date. */
const bareInvoice: InvoiceVariables = {
  ...invoice,
  issueDate: null,
  dueDate: null,
  paymentReference: null,
  cardPaymentUrl: null,
};

const applicationBase: ApplicationBase = {
  applicant: { name: 'Anna Keller' },
  application: { number: 'APP-2026-000042', legalName: 'Keller Chronométrie Sàrl' },
};

const link = (mode: string) =>
  `https://ops.example.org/?mode=${mode}&oobCode=EXAMPLE-CODE-9f2c&continueUrl=https%3A%2F%2Fops.example.org%2F`;

const minutes = actionCodeLifetimeMs / 60_000;

function dunning(level: DunningVariables['level'], suspends: boolean): DunningVariables[] {
  const full: DunningVariables = {
    member,
    invoice: { ...invoice, daysOverdue: level.days },
    bankAccount,
    level,
    suspensionOn: suspends ? '2026-05-01' : null,
  };
  // An overdue invoice always has its dates; the reference, the card page and the account may lack.
  const bare = {
    ...invoice,
    paymentReference: null,
    cardPaymentUrl: null,
    daysOverdue: level.days,
  };
  return [full, { ...full, invoice: bare, bankAccount: null, suspensionOn: null }];
}

/**
 * Example variables per kind: the first is the one the preview shows, every one must render
 * for a template to be saved.
 */
export const emailTemplateExamples: { [K in EmailTemplateKind]: EmailVariables[K][] } = {
  'sign-in-link': [
    { email: 'anna.keller@example.org', link: link('signIn'), expiresInMinutes: minutes },
  ],
  'password-reset': [
    { email: 'anna.keller@example.org', link: link('resetPassword'), expiresInMinutes: minutes },
  ],
  'application-approved': [
    {
      ...applicationBase,
      member: { number: 'M-004218' },
      invoice: { number: 'INV-2026-001301', total: 'CHF 850.00', dueDate: '2026-02-28' },
    },
    {
      applicant: { name: null },
      application: applicationBase.application,
      member: { number: 'M-004218' },
      invoice: { number: 'INV-2026-001301', total: 'CHF 850.00', dueDate: null },
    },
  ],
  'application-rejected': [
    {
      ...applicationBase,
      reason: 'The company does not yet meet the three years of activity the statutes require.',
    },
    { ...applicationBase, applicant: { name: null }, reason: 'Incomplete file.' },
  ],
  'application-information-requested': [
    {
      ...applicationBase,
      message: 'Please send the extract of the commercial register, not older than three months.',
      answerUrl: 'https://portal.example.org/applications/01J9ZQ4V7R2W8K3M5N6P7Q8R9S',
    },
    {
      ...applicationBase,
      applicant: { name: null },
      message: 'Please send your VAT number.',
      answerUrl: null,
    },
  ],
  'application-endorsement-declined': [
    {
      ...applicationBase,
      reason: 'The association could not confirm the company’s activity in the country.',
    },
    { ...applicationBase, applicant: { name: null }, reason: 'No reason given.' },
  ],
  'colleague-invitation': [
    {
      member: { name: 'Keller Logistik AG', number: 'M-004218' },
      invitedBy: 'Ada Keller',
      role: 'administrator',
      link: 'https://portal.example.org/invitations/3f2a9c1e-0000-4000-8000-000000000042',
      expiresOn: '14 December 2026',
    },
  ],
  'application-endorsement-requested': [
    {
      association: { name: 'Association Suisse des Transitaires' },
      application: { ...applicationBase.application, countryName: 'Switzerland' },
      link: 'https://portal.example.org/endorse/EXAMPLE-TOKEN-4f7a9c2e',
      expiresOn: '3 January 2027',
      reminder: false,
    },
    {
      association: { name: 'Association Suisse des Transitaires' },
      application: { ...applicationBase.application, countryName: null },
      link: 'https://portal.example.org/endorse/EXAMPLE-TOKEN-4f7a9c2e',
      expiresOn: '3 January 2027',
      reminder: true,
    },
  ],
  'application-draft-reminder': [
    {
      applicant: { name: 'Ada Keller' },
      application: { number: 'APP-2026-0042', legalName: 'Keller Logistik AG' },
      continueUrl: 'https://portal.example.org/applications/3f2a9c1e-0000-4000-8000-000000000042',
      deletionDate: '3 March 2027',
    },
    {
      applicant: { name: null },
      application: { number: 'APP-2026-0042', legalName: null },
      continueUrl: 'https://portal.example.org/applications/3f2a9c1e-0000-4000-8000-000000000042',
      deletionDate: '3 March 2027',
    },
  ],
  invoice: [
    { member, invoice, bankAccount },
    { member, invoice: bareInvoice, bankAccount: null },
  ],
  'dunning-reminder-1': dunning({ number: 1, name: 'First reminder', days: 10 }, false),
  'dunning-reminder-2': dunning({ number: 2, name: 'Second reminder', days: 30 }, false),
  'dunning-final-notice': dunning({ number: 3, name: 'Final notice', days: 60 }, true),
  'dunning-suspension': dunning({ number: 4, name: 'Suspension', days: 90 }, true),
  'credit-note': [
    {
      member,
      creditNote: {
        number: 'CN-2026-000007',
        total: 'CHF 250.00',
        issueDate: '2026-03-15',
        reason: 'Membership category corrected from group to individual.',
      },
      invoice: { number: invoice.number },
      creditAmount: 'CHF 250.00',
    },
    {
      member,
      creditNote: {
        number: 'CN-2026-000008',
        total: 'CHF 1,250.00',
        issueDate: '2026-03-15',
        reason: 'Invoice issued twice.',
      },
      invoice: { number: invoice.number },
      creditAmount: null,
    },
  ],
  certificate: [
    {
      member,
      certificate: {
        number: 'CERT-2026-000317',
        year: 2026,
        verificationUrl: 'https://ops.example.org/verify/7Q2K-94XA-PL3M',
      },
    },
  ],
  'statement-of-account': [
    {
      member,
      period: { from: '2026-01-01', to: '2026-03-31' },
      closingBalances: [
        { amount: 'CHF 1,250.00', position: 'owed' },
        { amount: 'EUR 40.00', position: 'in-favour' },
        { amount: 'USD 0.00', position: 'settled' },
      ],
    },
    { member, period: { from: '2026-01-01', to: '2026-03-31' }, closingBalances: [] },
  ],
};

/** A value as the editor's variable list shows it. */
function exampleText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function valueAt(variables: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined,
      variables,
    );
}

/** A kind's variables with their example values, for the editor. */
export function variablesOf(kind: EmailTemplateKind) {
  const example = emailTemplateExamples[kind][0];
  return emailTemplateVariableDocs[kind].map(([name, description]) => ({
    name,
    description,
    example: exampleText(valueAt(example, name)),
  }));
}

/** The variables of a sign-in or reset e-mail: the address, the link and how long it works. */
export function linkEmailVariables(email: string, link: string): LinkVariables {
  return { email, link, expiresInMinutes: actionCodeLifetimeMs / 60_000 };
}

/**
 * Money as e-mails write it: "CHF 1,250.00", with an ordinary space (the console's non-breaking
 * one would make a plain-text search for the amount miss).
 */
export function formatMailMoney(minor: string | number | bigint, currency: string): string {
  return formatMoney(minor, currency.trim()).replace(/\u00a0/g, ' ');
}

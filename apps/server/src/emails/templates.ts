import { actionCodeLifetimeMs } from '@ops/contract';

const minutes = actionCodeLifetimeMs / 60_000;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function linkEmail(options: {
  greeting: string;
  paragraphs: string[];
  linkLabel: string;
  link: string;
  closing: string;
}) {
  const text = [
    options.greeting,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    options.link,
    '',
    options.closing,
    '',
    'Operations',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.linkLabel)}</a></p>
<p style="color:#475569">${escapeHtml(options.closing)}</p>
<p>Operations</p>
</body></html>`;
  return { text, html };
}

export function signInLinkEmail(email: string, link: string) {
  return {
    subject: 'Sign in to Operations',
    ...linkEmail({
      greeting: 'Hello,',
      paragraphs: [
        `We received a request to sign in to Operations with ${email}. To sign in, open this link:`,
      ],
      linkLabel: 'Sign in to Operations',
      link,
      closing: `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    }),
  };
}

export function passwordResetEmail(email: string, link: string) {
  return {
    subject: 'Reset your Operations password',
    ...linkEmail({
      greeting: 'Hello,',
      paragraphs: [
        `We received a request to reset the password of ${email} for Operations. To choose a new password, open this link:`,
      ],
      linkLabel: 'Choose a new password',
      link,
      closing: `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
    }),
  };
}

// --- Membership applications (issue 5) -----------------------------------------------------

/** A plain notice: greeting, paragraphs (a quoted one for what an operator wrote), signature. */
function noticeEmail(options: { greeting: string; paragraphs: string[]; quote?: string }) {
  const text = [
    options.greeting,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(options.quote ? [...options.quote.split('\n').map((line) => `> ${line}`), ''] : []),
    'Kind regards,',
    'The membership team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${options.quote ? `<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(options.quote)}</blockquote>` : ''}
<p>Kind regards,<br>The membership team</p>
</body></html>`;
  return { text, html };
}

type ApplicationMail = {
  applicantName: string | null;
  applicationNumber: string;
  legalName: string;
};

const dear = (name: string | null) => (name ? `Dear ${name},` : 'Dear applicant,');

export function applicationApprovedEmail(
  mail: ApplicationMail & {
    memberNumber: string;
    invoiceNumber: string;
    amount: string;
    dueDate: string;
  },
) {
  return {
    subject: `Your membership application ${mail.applicationNumber} has been approved`,
    ...noticeEmail({
      greeting: dear(mail.applicantName),
      paragraphs: [
        `We are pleased to tell you that the membership of ${mail.legalName} has been approved. Your membership number is ${mail.memberNumber}.`,
        `The first membership invoice, ${mail.invoiceNumber} over ${mail.amount}, is due on ${mail.dueDate}. The membership becomes active with its payment.`,
      ],
    }),
  };
}

export function applicationRejectedEmail(mail: ApplicationMail & { reason: string }) {
  return {
    subject: `Your membership application ${mail.applicationNumber}`,
    ...noticeEmail({
      greeting: dear(mail.applicantName),
      paragraphs: [
        `Thank you for the interest of ${mail.legalName} in membership. After reviewing application ${mail.applicationNumber}, we regret that we cannot approve it, for this reason:`,
      ],
      quote: mail.reason,
    }),
  };
}

export function applicationInformationRequestedEmail(mail: ApplicationMail & { message: string }) {
  return {
    subject: `Information needed for your membership application ${mail.applicationNumber}`,
    ...noticeEmail({
      greeting: dear(mail.applicantName),
      paragraphs: [
        `We are reviewing the membership application ${mail.applicationNumber} of ${mail.legalName} and need the following from you before we can continue:`,
      ],
      quote: mail.message,
    }),
  };
}

export function applicationEndorsementDeclinedEmail(mail: ApplicationMail & { reason: string }) {
  return {
    subject: `Your membership application ${mail.applicationNumber}`,
    ...noticeEmail({
      greeting: dear(mail.applicantName),
      paragraphs: [
        `The national association of your country did not endorse the membership application ${mail.applicationNumber} of ${mail.legalName}. Membership needs its written endorsement, so the application ends here. The reason given:`,
      ],
      quote: mail.reason,
    }),
  };
}

export function applicationEndorsementRequestedEmail(
  mail: ApplicationMail & { associationName: string; countryName: string | null },
) {
  return {
    subject: `Endorsement requested: membership application ${mail.applicationNumber}`,
    ...noticeEmail({
      greeting: `Dear colleagues of ${mail.associationName},`,
      paragraphs: [
        `${mail.legalName}${mail.countryName ? ` (${mail.countryName})` : ''} has applied for individual membership (application ${mail.applicationNumber}). Membership needs the written endorsement of the national association.`,
        'Please send us your endorsement letter, or tell us if you decline to endorse the company and why.',
      ],
    }),
  };
}

// --- Billing (issue 6) -----------------------------------------------------------------------

const dearMember = (name: string) => `Dear colleagues of ${name},`;

/**
 * An issued invoice, sent to the member with its PDF (and QR-bill) attached: members have no
 * access to the console, so the attachment is the invoice.
 */
export function invoiceIssuedEmail(mail: {
  memberName: string;
  invoiceNumber: string;
  amount: string;
  dueDate: string | null;
  paymentReference: string | null;
}) {
  return {
    subject: `Invoice ${mail.invoiceNumber} from the federation`,
    ...noticeEmail({
      greeting: dearMember(mail.memberName),
      paragraphs: [
        `Please find attached invoice ${mail.invoiceNumber} over ${mail.amount}${mail.dueDate ? `, due on ${mail.dueDate}` : ''}.`,
        mail.paymentReference
          ? `When you pay by bank transfer, please quote the reference ${mail.paymentReference} so that we can match your payment.`
          : 'When you pay by bank transfer, please quote the invoice number so that we can match your payment.',
        'Thank you for your membership.',
      ],
    }),
  };
}

/** A credit note (issue 16), its PDF attached: what it credits and what becomes of the money. */
export function creditNoteEmail(mail: {
  memberName: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  amount: string;
  reason: string;
  creditAmount: string | null;
}) {
  return {
    subject: `Credit note ${mail.creditNoteNumber} on invoice ${mail.invoiceNumber}`,
    ...noticeEmail({
      greeting: dearMember(mail.memberName),
      paragraphs: [
        `Please find attached credit note ${mail.creditNoteNumber} over ${mail.amount} on invoice ${mail.invoiceNumber}.`,
        mail.creditAmount
          ? `${mail.creditAmount} you had already paid is credited to your account: we apply it to your next invoice, or pay it back on request.`
          : 'The amount is taken off what the invoice asked for.',
      ],
      quote: mail.reason,
    }),
  };
}

/** A member's statement of account for a period (issue 16), its PDF attached. */
export function statementOfAccountEmail(mail: {
  memberName: string;
  period: string;
  /** Per currency: "CHF 120.00 owed" or "CHF 50.00 in your favour". */
  closingBalances: string[];
}) {
  return {
    subject: `Statement of account ${mail.period}`,
    ...noticeEmail({
      greeting: dearMember(mail.memberName),
      paragraphs: [
        `Please find attached your statement of account for ${mail.period}: every invoice, payment and credit of the period with the balance after each.`,
        mail.closingBalances.length
          ? `Closing balance: ${mail.closingBalances.join('; ')}.`
          : 'There was no movement on your account.',
        'If anything does not match your records, please reply to this e-mail.',
      ],
    }),
  };
}

/** Rule 2's last step: the membership certificate of a paid year, with its public check. */
export function certificateIssuedEmail(mail: {
  memberName: string;
  certificateNumber: string;
  year: number;
  verificationUrl: string;
}) {
  return {
    subject: `Your membership certificate ${mail.year} (${mail.certificateNumber})`,
    ...linkEmail({
      greeting: dearMember(mail.memberName),
      paragraphs: [
        `Thank you for your payment. Your membership certificate ${mail.certificateNumber} for ${mail.year} has been issued.`,
        'Anyone can check that it is genuine at this address, which its QR code also carries:',
      ],
      linkLabel: 'Check the certificate',
      link: mail.verificationUrl,
      closing: 'Kind regards, the membership team.',
    }),
  };
}

import { emailMaxDeliveryAttempts } from '@ops/contract';
import type { Insertable } from 'kysely';
import type { EmailState, EmailsTable } from '../db/schema';
import {
  DEMO_OPERATOR_DOMAIN,
  dayMs,
  isoTime,
  type ApplicationPlan,
  type DemoPlan,
  type MemberPlan,
} from './demo-plan';
import { redactedCodeParam } from '../emails';
import { createPrng, createWeightedPicker, type Prng } from './prng';

export type InvoiceSummary = {
  iid: string;
  number: string;
  year: number;
  currency: string;
  totalMinor: number;
  dueDate: string;
  reference: string;
};

/** An e-mail the earlier tables decided to send; rendered once all of them are generated. */
export type EmailJob =
  | {
      kind: 'invoice' | 'dunning-reminder-1';
      atMs: number;
      member: MemberPlan;
      invoice: InvoiceSummary;
    }
  | {
      kind: 'certificate';
      atMs: number;
      member: MemberPlan;
      certificate: { cid: string; number: string; verificationCode: string; year: number };
    }
  | { kind: 'sign-in-link'; atMs: number; uid: string; to: string; name: string }
  | { kind: 'application-approved'; atMs: number; application: ApplicationPlan };

const fromAddress = `no-reply@${DEMO_OPERATOR_DOMAIN}`;
const financeAddress = `finance@${DEMO_OPERATOR_DOMAIN}`;
const membershipAddress = `membership@${DEMO_OPERATOR_DOMAIN}`;
const publicUrl = 'https://members.demo.example';

/**
 * Only finished states: the demo's e-mails are history. A PENDING, PROCESSING or RETRY row would
 * be delivered by the worker at the first start, filling the terminal with e-mails nobody asked
 * for (and, with SMTP_URL, sending them to the demo's made-up addresses). The failures stay, with
 * the server's answer, so the e-mail log still shows every outcome.
 */
const states = createWeightedPicker<Extract<EmailState, 'SUCCESS' | 'ERROR'>>([
  ['SUCCESS', 94],
  ['ERROR', 6],
]);

const permanentErrors = [
  '550 5.1.1 Recipient address rejected: User unknown in virtual mailbox table',
  '550 5.7.1 Message rejected as spam by Content Filtering',
  '552 5.2.2 Mailbox full',
  '554 5.7.1 Relay access denied',
];
const temporaryErrors = [
  '421 4.7.0 Try again later, closing connection',
  'connect ETIMEDOUT 203.0.113.25:587',
  '451 4.3.0 Temporary lookup failure',
  'Lease expired while processing',
];

function money(minor: number, currency: string): string {
  // Swiss style grouping (1’250.00), written out: toLocaleString depends on the ICU build.
  const units = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2019');
  return `${currency} ${units}.${String(minor % 100).padStart(2, '0')}`;
}

type Rendered = {
  to: string[];
  cc: string[];
  replyTo: string;
  subject: string;
  text: string;
  template: string;
  data: Record<string, unknown>;
  relatedTable: string;
  relatedId: string;
};

function render(job: EmailJob, prng: Prng): Rendered {
  const signature =
    '\n\nKind regards\nMembership Services\nInternational Federation of Freight Forwarders';
  switch (job.kind) {
    case 'invoice':
    case 'dunning-reminder-1': {
      const { member, invoice } = job;
      const amount = money(invoice.totalMinor, invoice.currency);
      const isReminder = job.kind === 'dunning-reminder-1';
      return {
        to: [member.email],
        cc: member.ownerEmail && prng.chance(0.3) ? [member.ownerEmail] : [],
        replyTo: financeAddress,
        subject: isReminder
          ? `Reminder: invoice ${invoice.number} is overdue`
          : `Invoice ${invoice.number}: membership fee ${invoice.year}`,
        text: isReminder
          ? // Dunning's first reminder (issue 17), worded as its shipped English default says it:
            // the bank transfer with the reference; members have no portal to link to.
            `Dear colleagues of ${member.legalName},\n\nAccording to our records, invoice ${invoice.number} over ${amount}, due on ${invoice.dueDate}, has not been paid in full: ${amount} is still open.\n\nIt may simply have been overlooked. We would be grateful if you could settle it in the next few days.\n\nWhen you pay, please quote the reference ${invoice.reference}.\n\nIf you have paid in the meantime, please disregard this reminder. If you have any question about the invoice, simply reply to this e-mail.\n\nKind regards,\nThe finance team`
          : `Dear ${member.legalName},\n\nplease find attached invoice ${invoice.number} for your membership fee ${invoice.year}: ${amount}, payable by ${invoice.dueDate}. Please use the payment reference ${invoice.reference}.${signature}`,
        template: isReminder ? 'dunning-reminder-1' : 'invoice-issued',
        data: {
          memberName: member.legalName,
          invoiceNumber: invoice.number,
          amount,
          dueDate: invoice.dueDate,
          reference: invoice.reference,
        },
        relatedTable: 'invoices',
        relatedId: invoice.iid,
      };
    }
    case 'certificate': {
      const { member, certificate } = job;
      return {
        to: [member.email],
        cc: [],
        replyTo: membershipAddress,
        subject: `Your membership certificate ${certificate.year}`,
        text: `Dear ${member.legalName},\n\nthank you for your payment. Your membership certificate ${certificate.number} for ${certificate.year} is attached. Anyone can check it at ${publicUrl}/verify/${certificate.verificationCode}.${signature}`,
        template: 'certificate-issued',
        data: {
          memberName: member.legalName,
          certificateNumber: certificate.number,
          year: certificate.year,
          verificationCode: certificate.verificationCode,
        },
        relatedTable: 'certificates',
        relatedId: certificate.cid,
      };
    }
    case 'sign-in-link': {
      // The demo's old links look as the console stores every sign-in link (issue 13): the code
      // redacted. The draw stays so that every later demo record is the one it always was.
      prng.code('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32);
      return {
        to: [job.to],
        cc: [],
        replyTo: membershipAddress,
        subject: 'Your sign-in link',
        text: `Hello ${job.name},\n\nuse this link within 15 minutes to sign in:\n${publicUrl}/?mode=signIn&${redactedCodeParam}\n\nIf you did not ask for it, you can ignore this e-mail.`,
        template: 'sign-in-link',
        data: { displayName: job.name },
        relatedTable: 'users',
        relatedId: job.uid,
      };
    }
    case 'application-approved': {
      const { application } = job;
      const member = application.member;
      return {
        to: [application.applicantEmail],
        cc: member ? [member.email] : [],
        replyTo: membershipAddress,
        subject: `Your membership application ${application.number} has been approved`,
        text: `Dear ${application.applicantName},\n\nwe are pleased to tell you that the Board approved the membership of ${application.legalName}${member ? ` (membership number ${member.number})` : ''}. The first invoice follows in a separate e-mail; the membership becomes active with its payment.${signature}`,
        template: 'application-approved',
        data: {
          applicationNumber: application.number,
          legalName: application.legalName,
          memberNumber: member?.number ?? null,
        },
        relatedTable: 'applications',
        relatedId: application.aid,
      };
    }
  }
}

/**
 * The outbox's history: mostly delivered, some failed with the server's answer (given up after
 * their attempts), every one dated before the demo's reference day. None is due for delivery.
 */
export function* generateEmailRows(
  plan: DemoPlan,
  jobs: EmailJob[],
): Generator<Insertable<EmailsTable>> {
  const prng = createPrng(plan.seed, 'emails');
  jobs.sort((a, b) => a.atMs - b.atMs);
  const latestMs = (plan.calendar.referenceDay - 1) * dayMs + 17 * 3_600_000;
  for (const job of jobs) {
    const mail = render(job, prng);
    const state = states(prng);
    const createdMs = Math.min(job.atMs, latestMs);
    let attempts: number;
    let error: string | null = null;
    let deliveredMs: number | null = null;
    let updatedMs: number;
    if (state === 'SUCCESS') {
      attempts = prng.chance(0.06) ? 2 : 1;
      deliveredMs = createdMs + prng.int(1, attempts === 1 ? 20 : 900) * 1000;
      updatedMs = deliveredMs;
    } else {
      // Refused for good at once, or still failing when the attempts ran out.
      const isPermanent = prng.chance(0.7);
      attempts = isPermanent ? 1 : emailMaxDeliveryAttempts;
      error = isPermanent ? prng.pick(permanentErrors) : prng.pick(temporaryErrors);
      updatedMs = createdMs + prng.int(600, 7200) * 1000;
    }
    yield {
      eid: prng.id(),
      to_addresses: mail.to,
      cc_addresses: mail.cc,
      bcc_addresses: [],
      from_address: fromAddress,
      reply_to: mail.replyTo,
      subject: mail.subject,
      text_body: mail.text,
      html_body: null,
      template: mail.template,
      template_data: mail.data,
      kind: job.kind,
      related_table: mail.relatedTable,
      related_id: mail.relatedId,
      state,
      attempts,
      lease_expires_at: null,
      next_attempt_at: isoTime(createdMs),
      error,
      provider_message_id:
        state === 'SUCCESS'
          ? `<${prng.code('0123456789abcdef', 24)}@mail.${DEMO_OPERATOR_DOMAIN}>`
          : null,
      accepted: state === 'SUCCESS' ? [...mail.to, ...mail.cc] : [],
      rejected: state === 'ERROR' && error?.startsWith('55') ? mail.to : [],
      delivered_at: deliveredMs === null ? null : isoTime(deliveredMs),
      // The demo's history stands for a console with a mail server: its messages carry the
      // server's ids and accepted recipients. E-mails sent while it runs without SMTP_URL are 'log'.
      delivery_mode: state === 'SUCCESS' ? 'smtp' : null,
      created_at: isoTime(createdMs),
      updated_at: isoTime(updatedMs),
    };
  }
}

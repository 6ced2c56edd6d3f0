import {
  applicationTransitions,
  auditReasonKey,
  feeCategories,
  feeCategoryByIncomeGroup,
  firstMembershipFeeChfMinor,
  type ApplicationAction,
  type TApplicationActionRequest,
  type TApplicationActionResult,
  type TFeeCategory,
} from '@ops/contract';
import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import { recordAudit, type OperatorActor } from '../audit/record';
import type { Database, InvoiceLine } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import {
  applicationApprovedEmail,
  applicationEndorsementDeclinedEmail,
  applicationEndorsementRequestedEmail,
  applicationInformationRequestedEmail,
  applicationRejectedEmail,
} from '../emails/templates';
import { queueEmail } from '../emails/outbox';
import { checkVersion, versionConflict } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { newId } from '../lib/ids';
import { membershipVatExemption } from '../seed/billing-rows';
import { buildCreditorReference, buildQrReference } from '../seed/iban';
import {
  availableActions,
  countryAssociationOf,
  documentRefs,
  findApplicationRow,
  getApplicationDetail,
  needsEndorsement,
  type ApplicationRow,
} from './detail';
import { formatMoney } from '@ops/contract/display-format';

type Trx = Transaction<Database>;

/** What a workflow step needs besides the database: where e-mails come from. */
export type WorkflowContext = { db: Kysely<Database>; mailFrom: string };

/** Days between a first invoice's issue and due dates (the renewals' term, demo-plan.ts). */
export const paymentTermDays = 30;

const statusLabel: Record<ApplicationRow['status'], string> = {
  draft: 'a draft',
  submitted: 'submitted',
  'awaiting-endorsement': 'awaiting endorsement',
  endorsed: 'endorsed',
  'under-review': 'under review',
  'information-requested': 'waiting for requested information',
  approved: 'approved',
  rejected: 'rejected',
  'endorsement-declined': 'closed (endorsement declined)',
  withdrawn: 'withdrawn',
};

const actionLabel: Record<ApplicationAction, string> = {
  submit: 'submitted',
  'request-endorsement': 'sent to the national association for endorsement',
  'record-endorsement': 'marked as endorsed',
  'decline-endorsement': 'closed as endorsement declined',
  'start-review': 'taken into review',
  'request-information': 'sent back with a request for information',
  'resume-review': 'taken back into review',
  approve: 'approved',
  reject: 'rejected',
  withdraw: 'withdrawn',
};

/** How a message names an application. */
export function applicationLabel(row: Pick<ApplicationRow, 'number'>): string {
  return `Application ${row.number}`;
}

/**
 * Writes `changes` to the application read at `row.version` (`WHERE aid AND version`), bumping
 * the version and stamping who and when, with its audit entry. Returns the new row.
 */
export async function writeApplication(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  changes: UpdateObject<Database, 'applications'>,
  audit: { action: string; reason?: string | null },
): Promise<ApplicationRow> {
  const updated = await trx
    .updateTable('applications')
    .set({
      ...changes,
      version: row.version + 1,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid,
    })
    .where('aid', '=', row.aid)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current =
      (await trx
        .selectFrom('applications')
        .selectAll()
        .where('aid', '=', row.aid)
        .executeTakeFirst()) ?? row;
    throw await versionConflict(trx, applicationLabel(current), current);
  }
  await recordAudit(trx, actor, {
    table: 'applications',
    recordId: row.aid,
    action: audit.action,
    before: row,
    after: audit.reason ? { ...updated, [auditReasonKey]: audit.reason } : updated,
  });
  return updated;
}

/**
 * The next number of a counter, never at or below `highest` (the highest number already in
 * its table: demo data, imports). The counter row is updated in the caller's transaction, so
 * a concurrent allocation waits for its row lock and then fails to serialize and is retried by
 * writeTransaction: two approvals never get the same number.
 */
export async function allocateNumber(trx: Trx, name: string, highest: number): Promise<number> {
  const row = await trx
    .insertInto('number_counters')
    .values({ name, last_value: highest + 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        last_value: sql`greatest(number_counters.last_value, ${highest}::bigint) + 1`,
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/** Membership numbers are M-000001 … (seed/demo-plan.ts: by seniority). */
async function nextMemberNumber(trx: Trx): Promise<string> {
  const highest = await trx
    .selectFrom('members')
    .select('number')
    .where('number', 'like', 'M-%')
    .where(sql<boolean>`number ~ '^M-[0-9]+$'`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const value = await allocateNumber(trx, 'member', highest ? Number(highest.number.slice(2)) : 0);
  return `M-${String(value).padStart(6, '0')}`;
}

/** Invoice numbers are {year}-000001 …, counted per year (seed/billing-rows.ts). */
async function nextInvoiceNumber(
  trx: Trx,
  year: number,
): Promise<{ number: string; sequence: number }> {
  const highest = await trx
    .selectFrom('invoices')
    .select('number')
    .where('number', 'like', `${year}-%`)
    .where(sql<boolean>`number ~ ${`^${year}-[0-9]+$`}`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sequence = await allocateNumber(
    trx,
    `invoice-${year}`,
    highest ? Number(highest.number.slice(5)) : 0,
  );
  return { number: `${year}-${String(sequence).padStart(6, '0')}`, sequence };
}

/** CHF 1’250.00, Swiss style, written out (toLocaleString depends on the ICU build). */
export function formatChf(minor: number): string {
  const units = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2019');
  return `CHF ${units}.${String(minor % 100).padStart(2, '0')}`;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The fee band of a country: its fee category, else its income group's, else A (full fee). */
export function feeBandOf(
  country: { fee_category: string | null; income_group: string | null } | undefined,
): TFeeCategory {
  const category = country?.fee_category;
  if (category && (feeCategories as readonly string[]).includes(category)) {
    return category as TFeeCategory;
  }
  const group = country?.income_group as keyof typeof feeCategoryByIncomeGroup | null | undefined;
  return (group && feeCategoryByIncomeGroup[group]) || 'A';
}

type Applicant = { uid: string | null; email: string | null; name: string | null };

/** Who hears about the application: its submitting user, else its primary contact. */
async function applicantOf(trx: Trx, row: ApplicationRow): Promise<Applicant> {
  const user = row.submitted_by_uid
    ? await trx
        .selectFrom('users')
        .select(['uid', 'email', 'display_name'])
        .where('uid', '=', row.submitted_by_uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  const primary = contacts.find((contact) => contact.role === 'primary') ?? contacts[0];
  const contactEmail = typeof primary?.email === 'string' ? primary.email : null;
  const contactName = typeof primary?.name === 'string' ? primary.name : null;
  return {
    uid: user?.uid ?? null,
    email: user?.email ?? contactEmail,
    name: contactName ?? user?.display_name ?? null,
  };
}

type StepOutcome = {
  row: ApplicationRow;
  message: string;
  member: { mid: string; number: string } | null;
  invoice: { iid: string; number: string } | null;
  emailId: string | null;
};

/**
 * Rule 1 of domain.md, inside the caller's transaction: the member (pending payment, numbered),
 * the applicant's user linked as its owner, the first membership invoice issued, the "approved"
 * e-mail queued, and the application approved and pointing at its member.
 */
async function approve(
  trx: Trx,
  context: WorkflowContext,
  actor: OperatorActor,
  row: ApplicationRow,
): Promise<StepOutcome> {
  const applicant = await applicantOf(trx, row);
  if (!applicant.uid || !applicant.email) {
    throw badInput(
      'body.action',
      'applicant',
      `Application ${row.number} has no applicant user to link to the new member; it cannot be approved.`,
    );
  }
  const user = await trx
    .selectFrom('users as u')
    .leftJoin('members as m', 'm.mid', 'u.member_mid')
    .selectAll('u')
    .select(['m.number as member_number'])
    .where('u.uid', '=', applicant.uid)
    .executeTakeFirstOrThrow();
  if (user.member_mid) {
    throw badInput(
      'body.action',
      'applicant',
      `The applicant ${user.email} already belongs to member ${user.member_number ?? user.member_mid}; unlink them there first.`,
    );
  }
  if (user.disabled) {
    throw badInput(
      'body.action',
      'applicant',
      `The applicant's account ${user.email} is disabled; enable it before approving.`,
    );
  }

  const country = row.country_iso2
    ? await trx
        .selectFrom('countries')
        .select(['iso2', 'name', 'fee_category', 'income_group'])
        .where('iso2', '=', row.country_iso2)
        .executeTakeFirst()
    : undefined;
  const countryAssociation =
    row.category === 'individual' ? await countryAssociationOf(trx, row.country_iso2) : null;
  const company = (row.company ?? {}) as Record<string, unknown>;
  const address = (row.address ?? {}) as Record<string, unknown>;
  const field = (source: Record<string, unknown>, key: string) =>
    typeof source[key] === 'string' && source[key] !== '' ? (source[key] as string) : null;
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  const primary = contacts.find((contact) => contact.role === 'primary') ?? contacts[0] ?? {};

  const now = new Date();
  const today = isoDay(now);
  const year = now.getUTCFullYear();

  // The member.
  const mid = newId();
  const memberNumber = await nextMemberNumber(trx);
  const member = await trx
    .insertInto('members')
    .values({
      mid,
      number: memberNumber,
      category: row.category,
      status: 'pending-payment',
      legal_name: row.legal_name,
      trade_name: field(company, 'tradeName'),
      country_iso2: row.country_iso2,
      address_line1: field(address, 'line1'),
      address_line2: field(address, 'line2'),
      postal_code: field(address, 'postalCode'),
      city: field(address, 'city'),
      state: field(address, 'state'),
      vat_number: field(company, 'vatNumber'),
      website: field(company, 'website'),
      email: field(primary, 'email') ?? applicant.email,
      phone: field(primary, 'phone'),
      national_association_mid: row.endorsing_association_mid ?? countryAssociation?.mid ?? null,
      joined_on: today,
      billing_currency: 'CHF',
      created_by: actor.uid,
      updated_by: actor.uid,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'members',
    recordId: mid,
    action: 'create',
    before: null,
    after: { ...member, [auditReasonKey]: `Approval of application ${row.number}` },
  });

  // The applicant's user becomes the member's owner.
  const linked = await trx
    .updateTable('users')
    .set({
      member_mid: mid,
      member_role: 'owner',
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid,
    })
    .where('uid', '=', user.uid)
    .where('version', '=', user.version)
    .returningAll()
    .executeTakeFirst();
  if (!linked) {
    throw new AppError(
      'aborted',
      `The applicant's account ${user.email} changed while approving; nothing was saved. Try again.`,
    );
  }
  const userBefore: Record<string, unknown> = { ...user };
  delete userBefore.member_number;
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: user.uid,
    action: 'link-member',
    before: userBefore,
    after: { ...linked, [auditReasonKey]: `Owner of new member ${memberNumber}` },
  });

  // The first invoice: this year's membership fee in CHF.
  const band = feeBandOf(country);
  const fee = firstMembershipFeeChfMinor[band][row.category];
  const account = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'qr_iban'])
    .where('currency', '=', 'CHF')
    .where('is_default', '=', true)
    .where('active', '=', true)
    .executeTakeFirst();
  const { number: invoiceNumber, sequence } = await nextInvoiceNumber(trx, year);
  const referencePayload = `${memberNumber.replace(/\D/g, '')}${year}${String(sequence).padStart(7, '0')}`;
  const lines: InvoiceLine[] = [
    {
      description: `Membership fee ${year} – ${row.category === 'association' ? 'association' : 'individual'} member`,
      quantity: 1,
      unitAmountMinor: fee,
      vatRate: null,
      vatExemption: membershipVatExemption,
    },
  ];
  const due = new Date(now.getTime() + paymentTermDays * 86_400_000);
  const iid = newId();
  const invoice = await trx
    .insertInto('invoices')
    .values({
      iid,
      number: invoiceNumber,
      member_mid: mid,
      kind: 'membership',
      year,
      issue_date: today,
      due_date: isoDay(due),
      currency: 'CHF',
      lines: JSON.stringify(lines),
      subtotal_minor: fee,
      vat_minor: 0,
      donation_minor: 0,
      total_minor: fee,
      bank_account_id: account?.id ?? null,
      // A QR-IBAN requires a QR reference (rule 4); otherwise an ISO 11649 creditor reference.
      payment_reference: account?.qr_iban
        ? buildQrReference(referencePayload)
        : buildCreditorReference(referencePayload),
      status: 'issued',
      source: 'generated',
      created_by: actor.uid,
      updated_by: actor.uid,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'invoices',
    recordId: iid,
    action: 'create',
    before: null,
    after: {
      ...invoice,
      [auditReasonKey]: `First invoice of member ${memberNumber} (application ${row.number}, fee band ${band})`,
    },
  });

  // The e-mail to the applicant.
  const email = applicationApprovedEmail({
    applicantName: applicant.name,
    applicationNumber: row.number,
    legalName: row.legal_name,
    memberNumber,
    invoiceNumber,
    amount: formatChf(fee),
    dueDate: isoDay(due),
  });
  const emailId = await queueEmail(trx, context.mailFrom, {
    to: [applicant.email],
    ...email,
    kind: 'application-approved',
    related: { table: 'applications', id: row.aid },
  });

  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'approved',
      member_mid: mid,
      decided_at: sql<Date>`now()`,
      reviewer_uid: actor.uid,
      decision_reason: null,
    },
    { action: 'approve' },
  );
  return {
    row: updated,
    message: `Approved: member ${memberNumber} created (pending payment) with ${user.email} as its owner, invoice ${invoiceNumber} issued over ${formatMoney(fee, 'CHF')}, and the applicant told by e-mail.`,
    member: { mid, number: memberNumber },
    invoice: { iid, number: invoiceNumber },
    emailId,
  };
}

/** Queues one notice to the applicant; null when the application names no e-mail address. */
async function tellApplicant(
  trx: Trx,
  context: WorkflowContext,
  row: ApplicationRow,
  kind: string,
  build: (applicant: Applicant) => { subject: string; text: string; html: string },
): Promise<{ emailId: string | null; to: string | null }> {
  const applicant = await applicantOf(trx, row);
  if (!applicant.email) return { emailId: null, to: null };
  const emailId = await queueEmail(trx, context.mailFrom, {
    to: [applicant.email],
    ...build(applicant),
    kind,
    related: { table: 'applications', id: row.aid },
  });
  return { emailId, to: applicant.email };
}

const told = (to: string | null) =>
  to
    ? ` The applicant (${to}) was told by e-mail.`
    : ' No e-mail went out: the application names no e-mail address.';

async function runStep(
  trx: Trx,
  context: WorkflowContext,
  actor: OperatorActor,
  row: ApplicationRow,
  request: TApplicationActionRequest,
): Promise<StepOutcome> {
  const plain = (updated: ApplicationRow, message: string, emailId: string | null = null) => ({
    row: updated,
    message,
    member: null,
    invoice: null,
    emailId,
  });
  const mail = { applicationNumber: row.number, legalName: row.legal_name };
  switch (request.action) {
    case 'submit': {
      if (!row.country_iso2) {
        throw badInput(
          'body.action',
          'country',
          'The application names no country; it cannot be submitted.',
        );
      }
      const updated = await writeApplication(
        trx,
        actor,
        row,
        { status: 'submitted', submitted_at: sql<Date>`now()`, reviewer_uid: actor.uid },
        { action: 'submit' },
      );
      return plain(
        updated,
        `Application ${row.number} is submitted and waits in the review queue.`,
      );
    }
    case 'request-endorsement': {
      const mid =
        request.endorsingAssociationMid ??
        row.endorsing_association_mid ??
        (await countryAssociationOf(trx, row.country_iso2))?.mid;
      if (!mid) {
        throw badInput(
          'body.endorsingAssociationMid',
          'required',
          'The country has no national association; name the association that should endorse it.',
        );
      }
      const association = await trx
        .selectFrom('members')
        .select(['mid', 'number', 'legal_name', 'email', 'category', 'status', 'deleted_at'])
        .where('mid', '=', mid)
        .executeTakeFirst();
      if (
        !association ||
        association.deleted_at ||
        association.category !== 'association' ||
        ['terminated', 'resigned'].includes(association.status)
      ) {
        throw badInput(
          'body.endorsingAssociationMid',
          'association',
          `${association ? `${association.legal_name} (${association.number})` : mid} is not a current association member; only one can endorse.`,
        );
      }
      const updated = await writeApplication(
        trx,
        actor,
        row,
        { status: 'awaiting-endorsement', endorsing_association_mid: mid, reviewer_uid: actor.uid },
        { action: 'request-endorsement' },
      );
      let emailId: string | null = null;
      if (association.email) {
        const country = row.country_iso2
          ? await trx
              .selectFrom('countries')
              .select('name')
              .where('iso2', '=', row.country_iso2)
              .executeTakeFirst()
          : undefined;
        emailId = await queueEmail(trx, context.mailFrom, {
          to: [association.email],
          ...applicationEndorsementRequestedEmail({
            ...mail,
            applicantName: null,
            associationName: association.legal_name,
            countryName: country?.name ?? null,
          }),
          kind: 'application-endorsement-requested',
          related: { table: 'applications', id: row.aid },
        });
      }
      return plain(
        updated,
        `Endorsement requested from ${association.legal_name} (${association.number})${association.email ? `, by e-mail to ${association.email}` : ' (it has no e-mail address: contact it directly)'}.`,
        emailId,
      );
    }
    case 'record-endorsement': {
      const hasLetter = documentRefs(row).some(
        (document) => document.type === 'endorsement-letter',
      );
      if (!hasLetter) {
        throw badInput(
          'body.action',
          'endorsement-letter',
          'Membership needs the written endorsement: upload the endorsement letter first.',
        );
      }
      const updated = await writeApplication(
        trx,
        actor,
        row,
        { status: 'endorsed', reviewer_uid: actor.uid },
        { action: 'record-endorsement' },
      );
      return plain(updated, `Application ${row.number} is endorsed and back in the review queue.`);
    }
    case 'decline-endorsement': {
      const updated = await writeApplication(
        trx,
        actor,
        row,
        {
          status: 'endorsement-declined',
          decision_reason: request.reason,
          decided_at: sql<Date>`now()`,
          reviewer_uid: actor.uid,
        },
        { action: 'decline-endorsement', reason: request.reason },
      );
      const { emailId, to } = await tellApplicant(
        trx,
        context,
        row,
        'application-endorsement-declined',
        (applicant) =>
          applicationEndorsementDeclinedEmail({
            ...mail,
            applicantName: applicant.name,
            reason: request.reason,
          }),
      );
      return plain(
        updated,
        `Application ${row.number} is closed: endorsement declined.${told(to)}`,
        emailId,
      );
    }
    case 'start-review':
    case 'resume-review': {
      const updated = await writeApplication(
        trx,
        actor,
        row,
        { status: 'under-review', reviewer_uid: actor.uid },
        { action: request.action },
      );
      return plain(updated, `Application ${row.number} is under review by you.`);
    }
    case 'request-information': {
      const updated = await writeApplication(
        trx,
        actor,
        row,
        {
          status: 'information-requested',
          decision_reason: request.message,
          reviewer_uid: actor.uid,
        },
        { action: 'request-information', reason: request.message },
      );
      const { emailId, to } = await tellApplicant(
        trx,
        context,
        row,
        'application-information-requested',
        (applicant) =>
          applicationInformationRequestedEmail({
            ...mail,
            applicantName: applicant.name,
            message: request.message,
          }),
      );
      return plain(updated, `Information requested.${told(to)}`, emailId);
    }
    case 'approve':
      return approve(trx, context, actor, row);
    case 'reject': {
      const updated = await writeApplication(
        trx,
        actor,
        row,
        {
          status: 'rejected',
          decision_reason: request.reason,
          decided_at: sql<Date>`now()`,
          reviewer_uid: actor.uid,
        },
        { action: 'reject', reason: request.reason },
      );
      const { emailId, to } = await tellApplicant(
        trx,
        context,
        row,
        'application-rejected',
        (applicant) =>
          applicationRejectedEmail({
            ...mail,
            applicantName: applicant.name,
            reason: request.reason,
          }),
      );
      return plain(updated, `Application ${row.number} is rejected.${told(to)}`, emailId);
    }
    case 'withdraw': {
      const updated = await writeApplication(
        trx,
        actor,
        row,
        {
          status: 'withdrawn',
          decision_reason: request.reason,
          decided_at: sql<Date>`now()`,
          reviewer_uid: actor.uid,
        },
        { action: 'withdraw', reason: request.reason },
      );
      return plain(updated, `Application ${row.number} is withdrawn.`);
    }
  }
}

/**
 * One step of the review workflow, in one transaction: the version the operator read is
 * checked (409 when someone else changed it), the step must be one the status allows (400 on
 * body.action, rule `transition`), then the step's own rule, its changes, audit entries and
 * e-mails. Any failure leaves nothing behind.
 */
export async function runApplicationAction(
  context: WorkflowContext,
  actor: OperatorActor,
  aid: string,
  request: TApplicationActionRequest,
): Promise<TApplicationActionResult> {
  const outcome = await writeTransaction(context.db, async (trx) => {
    const row = await findApplicationRow(trx, aid, { forUpdate: true });
    await checkVersion(trx, applicationLabel(row), row, request.version);
    const countryAssociation = await countryAssociationOf(trx, row.country_iso2);
    const allowed = availableActions(
      row.status,
      needsEndorsement(row, countryAssociation?.mid ?? null),
    );
    if (!allowed.includes(request.action)) {
      const transition = applicationTransitions[request.action];
      const why = transition.from.includes(row.status)
        ? request.action === 'start-review'
          ? ' It needs the endorsement of its national association first: request it.'
          : ' Its country has no national association to endorse it: start the review directly.'
        : allowed.length > 0
          ? ` From here it can be: ${allowed.join(', ')}.`
          : ' Its life cycle has ended.';
      throw badInput(
        'body.action',
        'transition',
        `Application ${row.number} is ${statusLabel[row.status]}; it cannot be ${actionLabel[request.action]}.${why}`,
      );
    }
    return runStep(trx, context, actor, row, request);
  });
  return {
    application: await getApplicationDetail(context.db, aid),
    message: outcome.message,
    member: outcome.member,
    invoice: outcome.invoice,
    emailId: outcome.emailId,
  };
}

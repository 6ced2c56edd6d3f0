import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  ApplicationDocumentsTable,
  ApplicationsTable,
  AuditLogTable,
  BankAccountsTable,
  CertificatesTable,
  EmailsTable,
  InvoicesTable,
  MembersTable,
  OperatorsTable,
  UsersTable,
} from '../db/schema';
import { generateApplicationRows, type ApplicationJobs } from './application-rows';
import {
  generateBankAccountRows,
  generateCertificateRows,
  generateInvoiceRows,
  type CertificateJob,
} from './billing-rows';
import type { CsvColumnKind } from '../lib/csv';
import { isoTime, planDemo, demoCalendar, type DemoPlan } from './demo-plan';
import { generateEmailRows, type EmailJob } from './email-rows';
import {
  generateMemberRows,
  generateOperatorRows,
  generateUserRows,
  userCount,
} from './member-rows';
import { createFakerPool, type FakerKit } from './naming';

export type DemoTableName =
  | 'members'
  | 'users'
  | 'operators'
  | 'bank_accounts'
  | 'applications'
  | 'application_documents'
  | 'invoices'
  | 'certificates'
  | 'emails'
  | 'audit_log';

/** One table of the demo data set, in load order. */
export type DemoTable = {
  name: DemoTableName;
  /** The columns written, in the order of each CSV line. */
  columns: readonly string[];
  /** text[] and jsonb columns; the others are plain values. */
  kinds: Readonly<Record<string, CsvColumnKind>>;
  /** Exactly how many rows `rows()` yields; valid once the tables before it were generated. */
  count(): number;
  /** The rows, generated lazily; call once, after the tables before it were consumed. */
  rows(): Iterable<Readonly<Record<string, unknown>>>;
};

export type DemoData = {
  plan: DemoPlan;
  tables: readonly DemoTable[];
};

export type DemoOptions = {
  /** Same seed and scale: byte-identical rows, ids and dates included. */
  seed: number;
  /** Number of members; the other tables scale with it. */
  scale: number;
  /**
   * The day the data set is of, `YYYY-MM-DD` (headquarters' day it is loaded on): every date in it
   * derives from this day, so the same seed, scale and day give the same rows.
   */
  referenceDate: string;
  /**
   * Users already in the database (lower-case e-mail to uid), such as an operator the CLI created
   * before seeding: demo operators with the same e-mail reuse that user, member users avoid it.
   */
  existingUsers?: ReadonlyMap<string, string>;
};

export const maxDemoScale = 2_000_000;

const memberColumns = [
  'mid',
  'number',
  'category',
  'status',
  'legal_name',
  'trade_name',
  'country_iso2',
  'address_line1',
  'address_line2',
  'postal_code',
  'city',
  'state',
  'vat_number',
  'website',
  'email',
  'phone',
  'national_association_mid',
  'joined_on',
  'paid_through_year',
  'terminated_on',
  'termination_reason',
  'billing_currency',
  'card_customer_id',
  'directory_visible',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'deleted_at',
] as const satisfies readonly (keyof MembersTable)[];

const userColumns = [
  'uid',
  'email',
  'display_name',
  'photo_url',
  'password_hash',
  'member_mid',
  'member_role',
  'disabled',
  'sign_in_methods',
  'last_sign_in_at',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'deleted_at',
] as const satisfies readonly (keyof UsersTable)[];

const operatorColumns = [
  'uid',
  'roles',
  'active',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const satisfies readonly (keyof OperatorsTable)[];

const bankAccountColumns = [
  'id',
  'label',
  'bank_name',
  'holder_name',
  'holder_address',
  'iban',
  'qr_iban',
  'bic',
  'currency',
  'is_default',
  'active',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const satisfies readonly (keyof BankAccountsTable)[];

const applicationColumns = [
  'aid',
  'number',
  'category',
  'status',
  'legal_name',
  'country_iso2',
  'company',
  'address',
  'contacts',
  'documents',
  'endorsing_association_mid',
  'submitted_by_uid',
  'reviewer_uid',
  'decision_reason',
  'member_mid',
  'submitted_at',
  'decided_at',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'deleted_at',
] as const satisfies readonly (keyof ApplicationsTable)[];

const applicationDocumentColumns = [
  'id',
  'aid',
  'type',
  'file_name',
  'content_type',
  'size_bytes',
  'sha256',
  'content',
  'uploaded_at',
  'uploaded_by',
] as const satisfies readonly (keyof ApplicationDocumentsTable)[];

const invoiceColumns = [
  'iid',
  'number',
  'member_mid',
  'kind',
  'year',
  'issue_date',
  'due_date',
  'currency',
  'lines',
  'subtotal_minor',
  'vat_minor',
  'donation_minor',
  'total_minor',
  'bank_account_id',
  'payment_reference',
  'status',
  'paid_at',
  'paid_amount_minor',
  'paid_method',
  'pdf_file',
  'source',
  'import_batch',
  'card_invoice_sid',
  'dunning_level',
  'dunning_level_on',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const satisfies readonly (keyof InvoicesTable)[];

const certificateColumns = [
  'cid',
  'number',
  'member_mid',
  'type',
  'document_code',
  'year',
  'valid_from',
  'valid_to',
  'status',
  'invoice_iid',
  'issued_at',
  'issued_by',
  'pdf_file',
  'verification_code',
  'revocation_reason',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const satisfies readonly (keyof CertificatesTable)[];

const emailColumns = [
  'eid',
  'to_addresses',
  'cc_addresses',
  'bcc_addresses',
  'from_address',
  'reply_to',
  'subject',
  'text_body',
  'html_body',
  'template',
  'template_data',
  'kind',
  'related_table',
  'related_id',
  'state',
  'attempts',
  'lease_expires_at',
  'next_attempt_at',
  'error',
  'provider_message_id',
  'accepted',
  'rejected',
  'delivered_at',
  'delivery_mode',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof EmailsTable)[];

const auditColumns = [
  'at',
  'actor_uid',
  'actor_kind',
  'table_name',
  'record_id',
  'action',
  'before',
  'after',
] as const satisfies readonly (keyof AuditLogTable)[];

function validate(options: DemoOptions): void {
  if (!Number.isSafeInteger(options.seed)) {
    throw new Error(`seed demo: the seed must be an integer, got ${options.seed}`);
  }
  if (!Number.isInteger(options.scale) || options.scale < 1 || options.scale > maxDemoScale) {
    throw new Error(
      `seed demo: the scale must be an integer from 1 to ${maxDemoScale}, got ${options.scale}`,
    );
  }
}

/**
 * The demo data set as lazily generated tables in load order (foreign keys point backwards only).
 * Pure: no database, no clock; everything follows from the options (the day included). `kit` is the faker module,
 * passed in so that merely importing the seed code does not load it.
 */
export function createDemoData(kit: FakerKit, options: DemoOptions): DemoData {
  validate(options);
  const plan = planDemo({
    seed: options.seed,
    scale: options.scale,
    calendar: demoCalendar(options.referenceDate),
    existingUsers: options.existingUsers ?? new Map(),
  });
  const fakers = createFakerPool(kit, options.seed);
  const emailJobs: EmailJob[] = [];
  const applicationJobs: ApplicationJobs = { emails: emailJobs, documents: [], history: [] };
  const certificateJobs: CertificateJob[] = [];

  const tables: DemoTable[] = [
    {
      name: 'members',
      columns: memberColumns,
      kinds: {},
      count: () => plan.members.length,
      rows: () => generateMemberRows(plan, fakers),
    },
    {
      name: 'users',
      columns: userColumns,
      kinds: { sign_in_methods: 'text-array' },
      count: () => userCount(plan),
      rows: () => generateUserRows(plan, fakers, emailJobs),
    },
    {
      name: 'operators',
      columns: operatorColumns,
      kinds: { roles: 'text-array' },
      count: () => plan.operators.length,
      rows: () => generateOperatorRows(plan),
    },
    {
      name: 'bank_accounts',
      columns: bankAccountColumns,
      kinds: {},
      count: () => plan.bankAccounts.length,
      rows: () => generateBankAccountRows(plan),
    },
    {
      name: 'applications',
      columns: applicationColumns,
      kinds: { company: 'json', address: 'json', contacts: 'json', documents: 'json' },
      count: () => plan.applications.length,
      rows: () => generateApplicationRows(plan, fakers, applicationJobs),
    },
    {
      name: 'application_documents',
      columns: applicationDocumentColumns,
      kinds: { content: 'bytea' },
      count: () => applicationJobs.documents.length,
      rows: () => generateApplicationDocumentRows(applicationJobs),
    },
    {
      name: 'invoices',
      columns: invoiceColumns,
      kinds: { lines: 'json' },
      count: () => plan.invoiceCount,
      rows: () => generateInvoiceRows(plan, certificateJobs, emailJobs),
    },
    {
      name: 'certificates',
      columns: certificateColumns,
      kinds: {},
      count: () => plan.certificateCount,
      rows: () => generateCertificateRows(plan, certificateJobs, emailJobs),
    },
    {
      name: 'emails',
      columns: emailColumns,
      kinds: {
        to_addresses: 'text-array',
        cc_addresses: 'text-array',
        bcc_addresses: 'text-array',
        accepted: 'text-array',
        rejected: 'text-array',
        template_data: 'json',
      },
      count: () => emailJobs.length,
      rows: () => generateEmailRows(plan, emailJobs),
    },
    {
      name: 'audit_log',
      columns: auditColumns,
      kinds: { before: 'json', after: 'json' },
      count: () =>
        plan.operators.length +
        1 +
        applicationJobs.history.reduce((sum, { entries }) => sum + entries.length, 0),
      rows: () => generateAuditRows(plan, tables, applicationJobs),
    },
  ];
  return { plan, tables };
}

/** The files of the demo applications' documents, made again from their jobs (pure). */
function* generateApplicationDocumentRows(
  jobs: ApplicationJobs,
): Generator<Insertable<ApplicationDocumentsTable>> {
  for (const job of jobs.documents) {
    const content = job.render();
    yield {
      id: job.id,
      aid: job.aid,
      type: job.type,
      file_name: job.fileName,
      content_type: job.contentType,
      size_bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      uploaded_at: isoTime(job.uploadedAtMs),
      uploaded_by: job.uploadedBy,
    };
  }
}

function* generateAuditRows(
  plan: DemoPlan,
  tables: readonly DemoTable[],
  applicationJobs: ApplicationJobs,
): Generator<Insertable<AuditLogTable>> {
  // Each application's entries in the order they happened: the history tab orders by id.
  for (const { aid, entries } of applicationJobs.history) {
    for (const entry of entries) {
      yield {
        at: isoTime(entry.atMs),
        actor_uid: entry.actorUid,
        actor_kind: entry.actorKind,
        table_name: 'applications',
        record_id: aid,
        action: entry.action,
        before: entry.before,
        after: entry.after,
      };
    }
  }
  const at = isoTime(plan.calendar.latestMs);
  for (const operator of plan.operators) {
    yield {
      at,
      actor_uid: null,
      actor_kind: 'system',
      table_name: 'operators',
      record_id: operator.uid,
      action: 'seed',
      before: null,
      after: { email: operator.email, roles: operator.roles, displayName: operator.displayName },
    };
  }
  const counts = Object.fromEntries(
    tables
      .filter((table) => table.name !== 'audit_log')
      .map((table) => [table.name, table.count()]),
  );
  yield {
    at,
    actor_uid: null,
    actor_kind: 'system',
    table_name: 'members',
    record_id: 'demo-data-set',
    action: 'seed-demo',
    before: null,
    after: {
      seed: plan.seed,
      scale: plan.scale,
      referenceDate: plan.calendar.referenceDate,
      counts,
    },
  };
}

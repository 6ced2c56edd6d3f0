import type { Insertable } from 'kysely';
import type { ApplicationStatus, ApplicationsTable } from '../db/schema';
import {
  dayMs,
  isoTime,
  seedActor,
  yearOf,
  type ApplicationPlan,
  type DemoPlan,
} from './demo-plan';
import {
  planApplicationHistory,
  type ApplicationHistory,
  type ApplicationHistoryEntry,
} from './application-history';
import { demoDiplomaPng, demoPdf } from './demo-documents';
import type { EmailJob } from './email-rows';
import { personName, phoneNumber, slugify, type FakerPool } from './naming';
import { createPrng, type Prng } from './prng';

const activities = [
  'sea-freight',
  'air-freight',
  'road-freight',
  'rail-freight',
  'customs-brokerage',
  'warehousing',
  'project-cargo',
  'dangerous-goods',
  'e-commerce-fulfilment',
];

const decisionReasons: Partial<Record<ApplicationStatus, readonly string[]>> = {
  approved: [
    'Meets all membership criteria.',
    'Approved by the Board on the recommendation of the association.',
  ],
  rejected: [
    'The company has been registered for less than two years.',
    'No proof of liability insurance was provided.',
    'The applicant operates as a carrier, not as a freight forwarder.',
    'Documents still incomplete after two reminders.',
  ],
  'information-requested': [
    'Please upload a current extract from the commercial register (not older than three months).',
    'Please provide a valid certificate of freight forwarder liability insurance.',
    'The audited financial statements of the last year are missing.',
  ],
  'endorsement-declined': [
    'The national association declined to endorse: the company is not one of its members.',
    'The national association declined to endorse: pending complaints against the company.',
  ],
  withdrawn: [
    'Withdrawn by the applicant.',
    'The company will apply again next year.',
    'Withdrawn: the company joined through its group member.',
  ],
};

/** A demo application's document: its entry in applications.documents and its file's row. */
export type ApplicationDocumentJob = {
  id: string;
  aid: string;
  type: string;
  fileName: string;
  contentType: 'application/pdf' | 'image/png';
  uploadedAtMs: number;
  uploadedBy: string;
  /** The file's bytes; cheap and pure, so they are made again when the row is written. */
  render: () => Buffer;
};

/** The facts the documents state, from the application's row. */
type DocumentFacts = {
  application: ApplicationPlan;
  registrationNumber: string;
  founded: number;
  associationName: string | null;
  /** No document is uploaded after this instant (the demo calendar's latest). */
  latestMs: number;
};

const insurers = [
  'Helvetia Transport Insurance',
  'TT Club Mutual',
  'Allianz Global Corporate & Specialty',
  'AXA XL Marine & Logistics',
  'Baloise Cargo Cover',
];

const footer = 'Demo document of the Operations console, generated with the demo data.';

function day(ms: number): string {
  return isoTime(ms).slice(0, 10);
}

function addressLine(application: ApplicationPlan): string {
  const address = application.address;
  if (!address) return application.iso2;
  return [address.line1, [address.postalCode, address.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
    .concat(`, ${application.iso2}`);
}

/** What each kind of document says, as a PDF. */
function documentPdf(
  type: string,
  facts: DocumentFacts,
  atMs: number,
  policyNumber: string,
  insurer: string,
): Buffer {
  const { application } = facts;
  switch (type) {
    case 'application-form':
      return demoPdf({
        title: 'Application for membership',
        footer,
        lines: [
          { text: `Application ${application.number}`, bold: true },
          { text: `Company: ${application.legalName}` },
          { text: `Trade name: ${application.tradeName ?? 'none'}` },
          { text: `Address: ${addressLine(application)}` },
          { text: `VAT number: ${application.vatNumber ?? 'none'}` },
          {
            text: `Category: ${application.category === 'association' ? 'National association' : 'Individual member'}`,
          },
          { text: `Applicant: ${application.applicantName} <${application.applicantEmail}>` },
          { text: `Signed on ${day(atMs)}` },
        ],
      });
    case 'registry-extract':
      return demoPdf({
        title: 'Extract from the commercial register',
        footer,
        lines: [
          { text: application.legalName, bold: true },
          { text: `Registration number: ${facts.registrationNumber}` },
          { text: `Registered office: ${addressLine(application)}` },
          { text: `Entered in the register: ${facts.founded}` },
          { text: 'Status: active, no insolvency proceedings recorded' },
          { text: `Extract issued on ${day(atMs - 2 * dayMs)}` },
        ],
      });
    case 'insurance':
      return demoPdf({
        title: 'Certificate of liability insurance',
        footer,
        lines: [
          { text: `Insured: ${application.legalName}`, bold: true },
          { text: `Insurer: ${insurer}` },
          { text: `Policy number: ${policyNumber}` },
          { text: 'Cover: freight forwarder liability, 1,000,000 per claim' },
          { text: `Valid from ${yearOf(Math.floor(atMs / dayMs))}-01-01 for twelve months` },
        ],
      });
    case 'endorsement-letter':
      return demoPdf({
        title: 'Letter of endorsement',
        footer,
        lines: [
          { text: `From: ${facts.associationName ?? 'the national association'}`, bold: true },
          { text: 'To: the Federation secretariat' },
          { text: `Re: application ${application.number} of ${application.legalName}` },
          { text: 'We know the company as a freight forwarder of good standing in our country' },
          { text: 'and endorse its application for membership of the Federation.' },
          { text: `Dated ${day(atMs)}` },
        ],
      });
    default:
      return demoPdf({ title: 'Document', footer, lines: [{ text: application.legalName }] });
  }
}

function documentsOf(
  prng: Prng,
  filePrng: Prng,
  facts: DocumentFacts,
  history: ApplicationHistory,
): ApplicationDocumentJob[] {
  const { application } = facts;
  const uploadedMs = application.submittedMs ?? application.createdMs + prng.int(1, 48) * 3_600_000;
  const jobs: ApplicationDocumentJob[] = [];
  const add = (
    type: string,
    fileName: string,
    options: { atMs?: number; by?: string; png?: boolean } = {},
  ) => {
    const atMs = Math.min(options.atMs ?? uploadedMs, facts.latestMs);
    // Drawn here, not in render(): rendering again must give the same bytes.
    const policyNumber = `FFL-${filePrng.digits(8)}`;
    const insurer = filePrng.pick(insurers);
    const variant = filePrng.int(0, 7);
    jobs.push({
      id: filePrng.id(),
      aid: application.aid,
      type,
      fileName,
      contentType: options.png ? 'image/png' : 'application/pdf',
      uploadedAtMs: atMs,
      uploadedBy: options.by ?? application.submittedByUid,
      render: options.png
        ? () => demoDiplomaPng(variant)
        : () => documentPdf(type, facts, atMs, policyNumber, insurer),
    });
  };
  if (application.status !== 'draft' || prng.chance(0.6))
    add('application-form', 'application-form.pdf');
  if (application.status !== 'draft' || prng.chance(0.3))
    add('registry-extract', 'commercial-register-extract.pdf');
  if (
    application.status !== 'draft' &&
    (application.status !== 'information-requested' || prng.chance(0.5))
  ) {
    add('insurance', 'liability-insurance-certificate.pdf');
  }
  // The operator uploads the letter the association sent, then records the endorsement.
  if (history.endorsementLetterMs !== null && history.reviewerUid !== null) {
    add('endorsement-letter', 'endorsement-letter.pdf', {
      atMs: history.endorsementLetterMs,
      by: history.reviewerUid,
    });
  }
  if (prng.chance(0.3)) add('diploma', 'diploma-freight-forwarding.png', { png: true });
  return jobs;
}

/** Where the application rows leave what the later tables (documents, audit_log) write. */
export type ApplicationJobs = {
  emails: EmailJob[];
  documents: ApplicationDocumentJob[];
  history: { aid: string; entries: ApplicationHistoryEntry[] }[];
};

export function* generateApplicationRows(
  plan: DemoPlan,
  fakers: FakerPool,
  jobs: ApplicationJobs,
): Generator<Insertable<ApplicationsTable>> {
  fakers.startStream('applications');
  const prng = createPrng(plan.seed, 'applications');
  // Streams of their own: documents and history do not reshuffle the applications' other values.
  const historyPrng = createPrng(plan.seed, 'application-history');
  const filePrng = createPrng(plan.seed, 'application-documents');
  const reviewers = plan.operators
    .filter((operator) => operator.roles.includes('membership') || operator.roles.includes('admin'))
    .map((operator) => operator.uid);
  for (const application of plan.applications) {
    const member = application.member;
    if (member) {
      // The member this application created carries the same company data.
      Object.assign(application, {
        legalName: member.legalName,
        tradeName: member.tradeName,
        domain: member.domain,
        address: member.address,
        phone: member.phone,
        vatNumber: member.vatNumber,
        applicantName: member.ownerName,
        applicantEmail: member.ownerEmail,
      });
    }
    const style = application.style;
    const faker = fakers.get(style.locale);
    const contact = (role: 'billing' | 'director', position: string) => {
      const person = personName(faker, style.locale);
      const local = person.isLatin
        ? slugify(`${person.first} ${person.last}`, '.')
        : role === 'billing'
          ? 'accounts'
          : 'director';
      return {
        role,
        name: person.display,
        email: `${local}@${application.domain}`,
        phone: phoneNumber(prng, style),
        position,
      };
    };
    const contacts = [
      {
        role: 'primary',
        name: application.applicantName,
        email: application.applicantEmail,
        phone: application.phone,
        position: prng.pick(['Managing Director', 'Head of Operations', 'Branch Manager', 'Owner']),
      },
      contact('billing', prng.pick(['Chief Financial Officer', 'Accountant', 'Head of Finance'])),
      contact(
        'director',
        prng.pick(['Managing Director', 'Chief Executive Officer', 'General Manager']),
      ),
    ];
    const address = application.address;
    const foundedYear = yearOf(Math.floor(application.createdMs / dayMs)) - prng.int(2, 45);
    const reasons = decisionReasons[application.status];
    const changedMs =
      application.decidedMs ??
      (application.status === 'information-requested' && application.submittedMs !== null
        ? Math.min(application.submittedMs + prng.int(5, 30) * dayMs, plan.calendar.latestMs)
        : (application.submittedMs ?? application.createdMs));
    const decisionReason = reasons ? prng.pick(reasons) : null;
    const history = planApplicationHistory(historyPrng, {
      application,
      reviewers,
      decisionReason,
      changedMs,
      latestMs: plan.calendar.latestMs,
    });
    jobs.history.push({ aid: application.aid, entries: history.entries });
    const registrationNumber = prng.digits(prng.int(6, 10));
    const documents = documentsOf(
      prng,
      filePrng,
      {
        application,
        registrationNumber,
        founded: foundedYear,
        associationName: plan.associationsByCountry.get(application.iso2)?.legalName ?? null,
        latestMs: plan.calendar.latestMs,
      },
      history,
    );
    jobs.documents.push(...documents);
    const last = history.entries.at(-1);
    if (application.status === 'approved' && application.decidedMs !== null) {
      jobs.emails.push({
        kind: 'application-approved',
        atMs: application.decidedMs + 60_000,
        application,
      });
    }
    yield {
      aid: application.aid,
      number: application.number,
      category: application.category,
      status: application.status,
      legal_name: application.legalName,
      country_iso2: application.iso2,
      company: {
        legalName: application.legalName,
        tradeName: application.tradeName,
        registrationNumber,
        vatNumber: application.vatNumber,
        founded: foundedYear,
        website: `https://www.${application.domain}`,
        employees: application.category === 'association' ? prng.int(3, 25) : prng.int(5, 800),
        activities: activities.filter(() => prng.chance(0.45)),
      },
      address: address
        ? {
            line1: address.line1,
            line2: address.line2,
            postalCode: address.postalCode,
            city: address.city,
            state: address.state,
            countryIso2: application.iso2,
          }
        : {},
      contacts,
      documents: documents.map((document) => ({
        id: document.id,
        type: document.type,
        fileName: document.fileName,
        contentType: document.contentType,
        sizeBytes: document.render().length,
        uploadedAt: isoTime(document.uploadedAtMs),
        uploadedBy: document.uploadedBy,
      })),
      endorsing_association_mid: application.endorsingMid,
      submitted_by_uid: application.submittedByUid,
      reviewer_uid: history.reviewerUid ?? application.reviewerUid,
      decision_reason: decisionReason,
      member_mid: member?.mid ?? null,
      submitted_at: application.submittedMs === null ? null : isoTime(application.submittedMs),
      decided_at: application.decidedMs === null ? null : isoTime(application.decidedMs),
      // One version per entry of its history, stamped like the workflow's last step.
      version: history.entries.length,
      created_at: isoTime(application.createdMs),
      updated_at: isoTime(last?.atMs ?? application.createdMs),
      created_by: seedActor,
      updated_by: last?.actorUid ?? seedActor,
      deleted_at: null,
    };
  }
}

import type { Insertable } from 'kysely';
import type { ApplicationStatus, ApplicationsTable } from '../db/schema';
import {
  dayMs,
  isoTime,
  referenceDay,
  seedActor,
  yearOf,
  type ApplicationPlan,
  type DemoPlan,
} from './demo-plan';
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

/** The statuses at which the national association has endorsed the application. */
const endorsedStatuses = new Set<ApplicationStatus>([
  'endorsed',
  'under-review',
  'information-requested',
  'approved',
  'rejected',
]);

type Document = {
  type: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
};

function documentsOf(prng: Prng, application: ApplicationPlan): Document[] {
  const uploadedMs = application.submittedMs ?? application.createdMs + prng.int(1, 48) * 3_600_000;
  const document = (type: string, fileName: string, offsetMs = 0): Document => ({
    type,
    fileName,
    contentType: 'application/pdf',
    sizeBytes: prng.int(80_000, 4_500_000),
    uploadedAt: isoTime(Math.min(uploadedMs + offsetMs, referenceDay * dayMs)),
  });
  const documents: Document[] = [];
  if (application.status !== 'draft' || prng.chance(0.6))
    documents.push(document('application-form', 'application-form.pdf'));
  if (application.status !== 'draft' || prng.chance(0.3))
    documents.push(document('registry-extract', 'commercial-register-extract.pdf'));
  if (
    application.status !== 'draft' &&
    (application.status !== 'information-requested' || prng.chance(0.5))
  ) {
    documents.push(document('insurance', 'liability-insurance-certificate.pdf'));
  }
  if (application.endorsingMid && endorsedStatuses.has(application.status)) {
    documents.push(
      document('endorsement-letter', 'endorsement-letter.pdf', prng.int(3, 20) * dayMs),
    );
  }
  if (prng.chance(0.3)) documents.push(document('diploma', 'diploma-freight-forwarding.pdf'));
  return documents;
}

export function* generateApplicationRows(
  plan: DemoPlan,
  fakers: FakerPool,
  emailJobs: EmailJob[],
): Generator<Insertable<ApplicationsTable>> {
  fakers.startStream('applications');
  const prng = createPrng(plan.seed, 'applications');
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
        ? Math.min(
            application.submittedMs + prng.int(5, 30) * dayMs,
            referenceDay * dayMs - 3_600_000,
          )
        : (application.submittedMs ?? application.createdMs));
    if (application.status === 'approved' && application.decidedMs !== null) {
      emailJobs.push({
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
        registrationNumber: prng.digits(prng.int(6, 10)),
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
      documents: documentsOf(prng, application),
      endorsing_association_mid: application.endorsingMid,
      submitted_by_uid: application.submittedByUid,
      reviewer_uid: application.reviewerUid,
      decision_reason: reasons ? prng.pick(reasons) : null,
      member_mid: member?.mid ?? null,
      submitted_at: application.submittedMs === null ? null : isoTime(application.submittedMs),
      decided_at: application.decidedMs === null ? null : isoTime(application.decidedMs),
      version:
        1 +
        (application.submittedMs === null ? 0 : 1) +
        (changedMs !== application.submittedMs ? 1 : 0),
      created_at: isoTime(application.createdMs),
      updated_at: isoTime(Math.max(application.createdMs, changedMs)),
      created_by: seedActor,
      updated_by: seedActor,
      deleted_at: null,
    };
  }
}

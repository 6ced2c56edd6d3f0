import type { ApplicationStatus, MemberCategory, MemberStatus, OperatorRole } from '../db/schema';
import { buildCountryRows } from './countries';
import { countryStyles } from './country-styles';
import { pickStyle, type Address, type ResolvedStyle } from './naming';
import { createPrng, createWeightedPicker, type Prng } from './prng';

/**
 * The skeleton of the demo data set: who the members are, their status and dates, which invoices
 * they have, which applications exist. It is cheap (no faker) and computed up front, so every table
 * knows its exact row count before its COPY starts and later tables can point at earlier rows.
 */

/** The first operator of the demo data set; sign in with an e-mail link. */
export const DEMO_OPERATOR_EMAIL = 'operator@ops.demo.example';
/**
 * A fixed "today" for tests and the committed sample file that compare against exact rows. The
 * demo a person loads is of the day it is loaded (`seedDemo` reads the clock), so that the
 * dashboard looks alive whatever the day.
 */
export const DEMO_REFERENCE_DATE = '2026-03-01';
/** Operators' domain. All demo addresses are under the reserved .example TLD (RFC 2606). */
export const DEMO_OPERATOR_DOMAIN = 'ops.demo.example';
/** Who created the demo rows (created_by / updated_by), the `system` actor kind. */
export const seedActor = 'system';

/** The bookkeeping columns of a seeded record created at `ms` and never changed since. */
export function createdOnce(ms: number) {
  return {
    version: 1,
    created_at: isoTime(ms),
    updated_at: isoTime(ms),
    created_by: seedActor,
    updated_by: seedActor,
  };
}

export const dayMs = 86_400_000;

export function dayOf(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / dayMs);
}

export function isoDate(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function yearOf(day: number): number {
  return new Date(day * dayMs).getUTCFullYear();
}

/** A moment during office hours (07:00-18:00 UTC) of `day`, in ms. */
export function officeTime(prng: Prng, day: number): number {
  return day * dayMs + prng.int(7 * 3600, 18 * 3600 - 1) * 1000;
}

const firstJoinDay = dayOf('1996-01-01');

/** Renewals go out at the start of January; payment is due 30 days later. */
export function renewalIssueDay(year: number): number {
  return dayOf(`${year}-01-06`);
}
export const paymentTermDays = 30;

/** Days after a renewal's due day before the demo shows that year as its current one. */
const renewalSettledDays = 16;

/** "Today" of one demo data set, from which every one of its dates derives. */
export type DemoCalendar = {
  /** The day the data set is of (headquarters' day it was loaded on), `YYYY-MM-DD`. */
  referenceDate: string;
  /** The same day as a day number (days since 1970-01-01). */
  referenceDay: number;
  /**
   * The membership year of the newest renewal the data shows: the reference day's year once that
   * year's renewal is past due by 16 days (its first reminders are out, 21 February), else the year before. So
   * a demo loaded on 10 January shows last year's renewal settled and this year's still to run
   * (every member of an "overdue" status really is past due), never invoices of days to come.
   */
  currentYear: number;
  /**
   * The latest instant a seeded row may record: the reference day's start in Zurich or earlier
   * (UTC midnight less two hours, the largest offset), so nothing is dated after the load.
   */
  latestMs: number;
};

export function demoCalendar(referenceDate: string): DemoCalendar {
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(referenceDate) ||
    isoDate(dayOf(referenceDate)) !== referenceDate
  ) {
    throw new Error(
      `seed demo: the reference date must be a day (YYYY-MM-DD), got ${referenceDate}`,
    );
  }
  const referenceDay = dayOf(referenceDate);
  const year = yearOf(referenceDay);
  const settled = referenceDay >= renewalIssueDay(year) + paymentTermDays + renewalSettledDays;
  return {
    referenceDate,
    referenceDay,
    currentYear: settled ? year : year - 1,
    latestMs: referenceDay * dayMs - 2 * 3_600_000,
  };
}

export type Currency = 'CHF' | 'EUR' | 'USD';
export type BillableCategory = Exclude<MemberCategory, 'honorary'>;

/** Yearly fees in minor units by billing currency and category (honorary members pay none). */
export const membershipFees: Readonly<
  Record<Currency, Readonly<Record<BillableCategory, number>>>
> = {
  CHF: { individual: 95_000, association: 380_000, group: 240_000 },
  EUR: { individual: 99_000, association: 395_000, group: 250_000 },
  USD: { individual: 110_000, association: 440_000, group: 275_000 },
};
/** The optional donation line of the renewal invoice [fact: CHF 25]. */
export const donationMinor = 2_500;

export type InvoicePlanStatus = 'paid' | 'issued' | 'void' | 'uncollectible';

export type MemberPlan = {
  index: number;
  mid: string;
  number: string;
  category: MemberCategory;
  status: MemberStatus;
  iso2: string;
  style: ResolvedStyle;
  joinedDay: number;
  /** Termination or resignation date. */
  endedDay: number | null;
  endReason: string | null;
  /** What a termination did to the last unpaid invoice. */
  lastInvoiceStatus: 'void' | 'uncollectible';
  currency: Currency;
  associationMid: string | null;
  /** Years with a membership invoice in the data set (older ones predate the system). */
  invoiceFromYear: number;
  invoiceToYear: number;
  /** Invoices of this year and later are unpaid. */
  unpaidFromYear: number;
  paidThroughYear: number | null;
  /** A year whose first invoice was voided and re-issued (wrong address, wrong currency). */
  voidYear: number | null;
  userUids: string[];
  /** Index of the application that created this member, if any. */
  applicationIndex: number | null;
  // Filled in by the members table, read by the tables after it.
  legalName: string;
  tradeName: string | null;
  email: string;
  domain: string;
  phone: string;
  website: string | null;
  vatNumber: string | null;
  address: Address | null;
  // Filled in by the users table.
  ownerName: string;
  ownerEmail: string;
};

export type ApplicationPlan = {
  index: number;
  aid: string;
  number: string;
  status: ApplicationStatus;
  category: 'individual' | 'association';
  iso2: string;
  style: ResolvedStyle;
  /** The member an approved application created. */
  member: MemberPlan | null;
  endorsingMid: string | null;
  submittedByUid: string;
  reviewerUid: string | null;
  createdMs: number;
  submittedMs: number | null;
  decidedMs: number | null;
  // Filled in by the users table for applicants that are not members yet.
  legalName: string;
  tradeName: string | null;
  domain: string;
  address: Address | null;
  applicantName: string;
  applicantEmail: string;
  phone: string;
  vatNumber: string | null;
};

export type OperatorPlan = {
  uid: string;
  email: string;
  displayName: string;
  roles: OperatorRole[];
  /** The user existed before seeding (e.g. created by the CLI): only the operator row is added. */
  isExistingUser: boolean;
};

export type BankAccountPlan = { id: string; currency: Currency };

export type DemoPlan = {
  seed: number;
  scale: number;
  calendar: DemoCalendar;
  members: MemberPlan[];
  /** Members in the order they are written: associations first, then by membership number. */
  memberOrder: MemberPlan[];
  associationsByCountry: Map<string, MemberPlan>;
  applications: ApplicationPlan[];
  operators: OperatorPlan[];
  bankAccounts: BankAccountPlan[];
  /** Every e-mail already taken (existing users) or handed out; kept lower-case. */
  usedEmails: Set<string>;
  usedDomains: Set<string>;
  invoiceCount: number;
  certificateCount: number;
};

const operatorSeeds: readonly { email: string; displayName: string; roles: OperatorRole[] }[] = [
  { email: DEMO_OPERATOR_EMAIL, displayName: 'Demo Operator', roles: ['admin'] },
  {
    email: `claudia.meier@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Claudia Meier',
    roles: ['finance'],
  },
  {
    email: `luca.bernasconi@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Luca Bernasconi',
    roles: ['membership'],
  },
  {
    email: `sophie.dubois@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Sophie Dubois',
    roles: ['membership', 'finance'],
  },
  {
    email: `aisha.rahman@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Aisha Rahman',
    roles: ['membership'],
  },
  {
    email: `thomas.brunner@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Thomas Brunner',
    roles: ['admin', 'finance'],
  },
  {
    email: `martin.keller@${DEMO_OPERATOR_DOMAIN}`,
    displayName: 'Martin Keller',
    roles: ['read-only'],
  },
];

const individualStatuses = createWeightedPicker<MemberStatus>([
  ['active', 79.5],
  ['pending-payment', 1.5],
  ['overdue', 7],
  ['suspended', 3],
  ['terminated', 5],
  ['resigned', 4],
]);

const applicationStatusOrder: readonly ApplicationStatus[] = [
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
];

const applicationStatuses = createWeightedPicker<ApplicationStatus>([
  ['draft', 8],
  ['submitted', 8],
  ['awaiting-endorsement', 8],
  ['endorsed', 6],
  ['under-review', 10],
  ['information-requested', 6],
  ['approved', 30],
  ['rejected', 10],
  ['endorsement-declined', 6],
  ['withdrawn', 8],
]);

/**
 * Why memberships were terminated, and what became of the unpaid invoices: written off
 * (uncollectible) or cancelled (void) when the Board ended the membership.
 */
const terminationReasons: readonly {
  reason: string;
  unpaidYears: 1 | 2;
  lastInvoice: 'void' | 'uncollectible';
}[] = [
  {
    reason: 'Non-payment of membership fees (Art. 9 of the statutes).',
    unpaidYears: 2,
    lastInvoice: 'void',
  },
  {
    reason: 'Non-payment of membership fees after two reminders.',
    unpaidYears: 2,
    lastInvoice: 'void',
  },
  { reason: 'Company ceased its forwarding activities.', unpaidYears: 1, lastInvoice: 'void' },
  {
    reason: 'Company declared bankrupt; membership ended by the Board.',
    unpaidYears: 1,
    lastInvoice: 'uncollectible',
  },
  { reason: 'Merged into another member company.', unpaidYears: 1, lastInvoice: 'void' },
  {
    reason: 'Expelled by the Board for breach of the code of conduct.',
    unpaidYears: 1,
    lastInvoice: 'void',
  },
];

const resignationReasons = [
  'Resignation received in writing; the company left the forwarding business.',
  'Resignation: membership held through the group member instead.',
  'Resignation for budgetary reasons.',
  'Resignation after the sale of the company.',
  'Resignation; no reason given.',
];

/** A join date between `from` and `to`, denser in recent years: the federation keeps growing. */
function growingJoinDay(prng: Prng, from: number, to: number): number {
  if (to <= from) return from;
  return from + Math.floor((to - from) * Math.sqrt(prng.next()));
}

function firstInvoiceYear(joinedDay: number): number {
  // Members admitted from October on start paying with the next calendar year.
  const joined = new Date(joinedDay * dayMs);
  return joined.getUTCMonth() >= 9 ? joined.getUTCFullYear() + 1 : joined.getUTCFullYear();
}

/** The status of the membership invoice of `year`, from the member's life cycle. */
export function invoiceStatusOf(member: MemberPlan, year: number): InvoicePlanStatus {
  if (year < member.unpaidFromYear) return 'paid';
  if (member.status === 'terminated') {
    return year === member.invoiceToYear ? member.lastInvoiceStatus : 'uncollectible';
  }
  return 'issued';
}

export type PlanOptions = {
  seed: number;
  scale: number;
  calendar: DemoCalendar;
  /** Users already in the database, e-mail (lower-case) to uid. */
  existingUsers: ReadonlyMap<string, string>;
};

function planMember(
  calendar: DemoCalendar,
  prng: Prng,
  index: number,
  category: MemberCategory,
  iso2: string,
): MemberPlan {
  const { referenceDay, currentYear } = calendar;
  const style = pickStyle(prng, iso2);
  let status: MemberStatus = 'active';
  let joinedDay: number;
  let endedDay: number | null = null;
  let endReason: string | null = null;
  let unpaidYears = 1;
  let lastInvoiceStatus: 'void' | 'uncollectible' = 'void';
  // The last year invoiced: the current year's renewal went out on January 6.
  let lastYear = currentYear;

  if (category === 'association') {
    status = prng.chance(0.92) ? 'active' : prng.chance(0.75) ? 'overdue' : 'suspended';
    joinedDay = prng.int(firstJoinDay, dayOf('2012-12-31'));
  } else if (category === 'group') {
    joinedDay = prng.int(dayOf('2004-01-01'), dayOf('2022-12-31'));
  } else if (category === 'honorary') {
    joinedDay = prng.int(firstJoinDay, dayOf('2020-12-31'));
  } else {
    status = individualStatuses(prng);
    switch (status) {
      case 'pending-payment':
        joinedDay = referenceDay - prng.int(1, 90);
        break;
      case 'overdue':
        joinedDay = growingJoinDay(prng, firstJoinDay, dayOf(`${currentYear - 1}-09-30`));
        break;
      case 'suspended':
        joinedDay = growingJoinDay(prng, firstJoinDay, dayOf(`${currentYear - 2}-09-30`));
        break;
      case 'terminated': {
        endedDay = referenceDay - prng.int(10, 6 * 365);
        const endYear = yearOf(endedDay);
        lastYear = endedDay >= renewalIssueDay(endYear) ? endYear : endYear - 1;
        const reason = prng.pick(terminationReasons);
        endReason = reason.reason;
        unpaidYears = reason.unpaidYears;
        lastInvoiceStatus = reason.lastInvoice;
        joinedDay = growingJoinDay(prng, firstJoinDay, dayOf(`${lastYear - unpaidYears}-09-30`));
        break;
      }
      case 'resigned': {
        lastYear = currentYear - prng.int(1, 6);
        endedDay = dayOf(`${lastYear}-12-31`);
        endReason = prng.pick(resignationReasons);
        joinedDay = growingJoinDay(prng, firstJoinDay, dayOf(`${lastYear - 1}-09-30`));
        break;
      }
      default:
        joinedDay = growingJoinDay(prng, firstJoinDay, referenceDay - 91);
    }
  }

  const firstYear = firstInvoiceYear(joinedDay);
  // Admitted after October: the first invoice is for the next year, whatever the status.
  if (firstYear > lastYear) lastYear = firstYear;
  const hasInvoices = category !== 'honorary';
  const invoiceFromYear = Math.max(firstYear, lastYear - 2);
  let unpaidFromYear: number;
  switch (status) {
    case 'pending-payment':
      unpaidFromYear = firstYear;
      break;
    case 'overdue':
      unpaidFromYear = currentYear;
      break;
    case 'suspended':
      unpaidFromYear = currentYear - 1;
      break;
    case 'terminated':
      unpaidFromYear = lastYear - unpaidYears + 1;
      break;
    default:
      unpaidFromYear = lastYear + 1;
  }
  const paidThroughYear =
    hasInvoices && unpaidFromYear - 1 >= firstYear ? unpaidFromYear - 1 : null;

  // Fees are invoiced in CHF; some European members are billed in EUR, some in the Americas in USD.
  const region = regionByIso2.get(iso2);
  const currency: Currency =
    iso2 !== 'CH' && region === 'europe' && prng.chance(0.12)
      ? 'EUR'
      : region === 'americas' && prng.chance(0.15)
        ? 'USD'
        : 'CHF';

  const paidYears: number[] = [];
  for (let year = invoiceFromYear; year <= lastYear && year < unpaidFromYear; year++) {
    paidYears.push(year);
  }
  const voidYear =
    hasInvoices && paidYears.length > 0 && prng.chance(0.025) ? prng.pick(paidYears) : null;

  return {
    index,
    mid: prng.id(),
    number: '',
    category,
    status,
    iso2,
    style,
    joinedDay,
    endedDay,
    endReason,
    lastInvoiceStatus,
    currency,
    associationMid: null,
    invoiceFromYear: hasInvoices ? invoiceFromYear : 0,
    invoiceToYear: hasInvoices ? lastYear : -1,
    unpaidFromYear,
    paidThroughYear,
    voidYear,
    userUids: [],
    applicationIndex: null,
    legalName: '',
    tradeName: null,
    email: '',
    domain: '',
    phone: '',
    website: null,
    vatNumber: null,
    address: null,
    ownerName: '',
    ownerEmail: '',
  };
}

const regionByIso2 = new Map(buildCountryRows().map((row) => [row.iso2, row.region]));

const countryPicker = createWeightedPicker(
  Object.entries(countryStyles).map(([iso2, style]) => [iso2, style.weight] as const),
);

/** Countries by weight, heaviest first: they get the national associations first. */
const countriesByWeight = Object.entries(countryStyles)
  .sort((a, b) => b[1].weight - a[1].weight || (a[0] < b[0] ? -1 : 1))
  .map(([iso2]) => iso2);

export function planDemo(options: PlanOptions): DemoPlan {
  const { seed, scale, calendar } = options;
  const { currentYear } = calendar;
  const prng = createPrng(seed, 'plan');

  // Member mix: ~2% associations (one per country at most), a few groups and honorary members.
  const associationCount = Math.min(
    countriesByWeight.length,
    scale,
    Math.max(1, Math.round(scale * 0.02)),
  );
  const groupCount = scale >= 100 ? Math.max(1, Math.floor(scale * 0.003)) : 0;
  const honoraryCount = scale >= 100 ? Math.max(1, Math.floor(scale * 0.002)) : 0;
  const individualCount = Math.max(0, scale - associationCount - groupCount - honoraryCount);

  const members: MemberPlan[] = [];
  const associationCountries = countriesByWeight.slice(0, associationCount);
  for (const iso2 of associationCountries) {
    members.push(planMember(calendar, prng, members.length, 'association', iso2));
  }
  for (let i = 0; i < individualCount; i++) {
    // The first individuals go to the association countries, so each association has members.
    const iso2 = i < associationCount ? (associationCountries[i] as string) : countryPicker(prng);
    members.push(planMember(calendar, prng, members.length, 'individual', iso2));
  }
  for (let i = 0; i < groupCount; i++)
    members.push(planMember(calendar, prng, members.length, 'group', countryPicker(prng)));
  for (let i = 0; i < honoraryCount; i++) {
    members.push(planMember(calendar, prng, members.length, 'honorary', countryPicker(prng)));
  }

  const associationsByCountry = new Map<string, MemberPlan>();
  for (const member of members) {
    if (member.category === 'association') associationsByCountry.set(member.iso2, member);
  }
  for (const member of members) {
    if (member.category === 'individual') {
      member.associationMid = associationsByCountry.get(member.iso2)?.mid ?? null;
    }
  }

  // Membership numbers follow seniority.
  const bySeniority = [...members].sort((a, b) => a.joinedDay - b.joinedDay || a.index - b.index);
  bySeniority.forEach((member, position) => {
    member.number = `M-${String(position + 1).padStart(6, '0')}`;
  });
  const memberOrder = [
    ...bySeniority.filter((member) => member.category === 'association'),
    ...bySeniority.filter((member) => member.category !== 'association'),
  ];

  const usedEmails = new Set(options.existingUsers.keys());
  const operators: OperatorPlan[] = operatorSeeds.map((operator) => {
    const existingUid = options.existingUsers.get(operator.email);
    const uid = prng.id();
    usedEmails.add(operator.email);
    return { ...operator, uid: existingUid ?? uid, isExistingUser: existingUid !== undefined };
  });

  for (const member of members) {
    const extraUsers =
      member.category === 'association'
        ? 2
        : member.category === 'honorary'
          ? 0
          : (prng.chance(0.22) ? 1 : 0) + (prng.chance(0.08) ? 1 : 0);
    for (let i = 0; i <= extraUsers; i++) member.userUids.push(prng.id());
  }

  const applications = planApplications(
    calendar,
    prng,
    scale,
    members,
    associationsByCountry,
    operators,
  );

  const bankAccounts: BankAccountPlan[] = (['CHF', 'EUR', 'USD'] as const).map((currency) => ({
    id: prng.id(),
    currency,
  }));

  let invoiceCount = 0;
  let certificateCount = 0;
  for (const member of members) {
    if (member.invoiceToYear < member.invoiceFromYear) continue;
    invoiceCount += member.invoiceToYear - member.invoiceFromYear + 1 + (member.voidYear ? 1 : 0);
    // A member admitted after October has no invoice of the current year, so no certificate.
    if (
      member.invoiceFromYear <= currentYear &&
      member.invoiceToYear >= currentYear &&
      invoiceStatusOf(member, currentYear) === 'paid'
    ) {
      certificateCount++;
    }
  }

  return {
    seed,
    scale,
    calendar,
    members,
    memberOrder,
    associationsByCountry,
    applications,
    operators,
    bankAccounts,
    usedEmails,
    usedDomains: new Set(),
    invoiceCount,
    certificateCount,
  };
}

function planApplications(
  calendar: DemoCalendar,
  prng: Prng,
  scale: number,
  members: readonly MemberPlan[],
  associationsByCountry: ReadonlyMap<string, MemberPlan>,
  operators: readonly OperatorPlan[],
): ApplicationPlan[] {
  const count = Math.max(20, Math.round(scale * 0.05));
  const reviewers = operators.filter(
    (operator) => operator.roles.includes('membership') || operator.roles.includes('admin'),
  );
  const { referenceDay } = calendar;
  // Approved applications created members: the pending-payment ones first, then recent joiners.
  const recent = referenceDay - 3 * 365;
  const candidates = [
    ...members.filter(
      (member) => member.category === 'individual' && member.status === 'pending-payment',
    ),
    ...members.filter(
      (member) =>
        member.category === 'individual' &&
        member.status !== 'pending-payment' &&
        member.joinedDay >= recent &&
        member.endedDay === null,
    ),
  ];
  let nextCandidate = 0;
  const associationCountries = [...associationsByCountry.keys()];

  const applications: ApplicationPlan[] = [];
  for (let index = 0; index < count; index++) {
    // The first ten cover every status of the life cycle, whatever the scale.
    let status =
      index < applicationStatusOrder.length
        ? (applicationStatusOrder[index] as ApplicationStatus)
        : applicationStatuses(prng);
    let member: MemberPlan | null = null;
    if (status === 'approved') {
      member = candidates[nextCandidate++] ?? null;
      if (!member) status = 'under-review';
    }
    const needsEndorsement = ['awaiting-endorsement', 'endorsed', 'endorsement-declined'].includes(
      status,
    );
    // An endorsement needs an association member in the country; elsewhere HQ reviews alone.
    const iso2 = member
      ? member.iso2
      : needsEndorsement
        ? prng.pick(associationCountries)
        : countryPicker(prng);
    const association = associationsByCountry.get(iso2) ?? null;
    const category: 'individual' | 'association' =
      !association && !member && prng.chance(0.25) ? 'association' : 'individual';
    const endorsingMid =
      association && category === 'individual' && !['draft', 'submitted'].includes(status)
        ? association.mid
        : null;

    let submittedMs: number | null;
    let decidedMs: number | null = null;
    if (member) {
      decidedMs = officeTime(prng, member.joinedDay);
      submittedMs = decidedMs - prng.int(14, 60) * dayMs - prng.int(0, 36_000) * 1000;
    } else if (status === 'draft') {
      submittedMs = null;
    } else if (['rejected', 'endorsement-declined', 'withdrawn'].includes(status)) {
      submittedMs = officeTime(prng, referenceDay - prng.int(40, 700));
      decidedMs = Math.min(
        submittedMs + prng.int(10, 90) * dayMs,
        (referenceDay - 1) * dayMs + 36_000_000,
      );
    } else {
      submittedMs = officeTime(prng, referenceDay - prng.int(1, 120));
    }
    const createdMs =
      submittedMs === null
        ? officeTime(prng, referenceDay - prng.int(1, 90))
        : submittedMs - prng.int(0, 10) * dayMs - prng.int(600, 7200) * 1000;
    const reviewed = ['under-review', 'information-requested', 'approved', 'rejected'].includes(
      status,
    );

    const application: ApplicationPlan = {
      index,
      aid: prng.id(),
      number: `A-${String(index + 1).padStart(6, '0')}`,
      status,
      category,
      iso2,
      style: member ? member.style : pickStyle(prng, iso2),
      member,
      endorsingMid,
      submittedByUid: member ? (member.userUids[0] as string) : prng.id(),
      reviewerUid: reviewed && reviewers.length > 0 ? prng.pick(reviewers).uid : null,
      createdMs,
      submittedMs,
      decidedMs,
      legalName: '',
      tradeName: null,
      domain: '',
      address: null,
      applicantName: '',
      applicantEmail: '',
      phone: '',
      vatNumber: null,
    };
    if (member) member.applicationIndex = index;
    applications.push(application);
  }
  return applications;
}

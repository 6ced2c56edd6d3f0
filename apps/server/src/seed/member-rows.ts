import type { Insertable } from 'kysely';
import worldCountries from 'world-countries';
import type { MembersTable, OperatorsTable, UsersTable } from '../db/schema';
import {
  createdOnce,
  dayMs,
  isoDate,
  isoTime,
  officeTime,
  renewalIssueDay,
  seedActor,
  type ApplicationPlan,
  type DemoPlan,
  type MemberPlan,
} from './demo-plan';
import type { EmailJob } from './email-rows';
import {
  companyName,
  fillPattern,
  personName,
  phoneNumber,
  pickBrand,
  slugify,
  streetAddress,
  type FakerPool,
  type ResolvedStyle,
} from './naming';
import { createPrng, type Prng } from './prng';
import { namingStyles } from './country-styles';

const countryNames = new Map(
  worldCountries.map((country) => [
    country.cca2,
    {
      name: country.name.common,
      demonym: (country.demonyms?.['eng']?.m ?? country.name.common).split(',')[0] as string,
    },
  ]),
);

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Functional mailboxes for people whose names are not in Latin script. */
const functionalMailboxes = [
  'export',
  'import',
  'sales',
  'operations',
  'accounts',
  'finance',
  'customs',
  'airfreight',
  'seafreight',
  'booking',
  'docs',
  'pricing',
  'manager',
  'director',
  'service',
];

/** A web domain under the reserved .example TLD, unique in the data set. */
export function uniqueDomain(plan: DemoPlan, base: string, iso2: string): string {
  let stem = slugify(base).slice(0, 40).replace(/-+$/, '') || 'forwarder';
  if (plan.usedDomains.has(stem)) stem = `${stem}-${iso2.toLowerCase()}`;
  let domain = stem;
  for (let n = 2; plan.usedDomains.has(domain); n++) domain = `${stem}${n}`;
  plan.usedDomains.add(domain);
  return `${domain}.example`;
}

/** A lower-case e-mail address not used by any user yet (the users_email_key index). */
export function uniqueEmail(plan: DemoPlan, local: string, domain: string): string {
  const stem = local || 'contact';
  let email = `${stem}@${domain}`;
  for (let n = 2; plan.usedEmails.has(email); n++) email = `${stem}${n}@${domain}`;
  plan.usedEmails.add(email);
  return email;
}

function acronym(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => !['and', 'of', 'the', 'for'].includes(word.toLowerCase()))
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}

export function associationName(prng: Prng, iso2: string): string {
  const country = countryNames.get(iso2) ?? { name: iso2, demonym: iso2 };
  return prng.pick([
    `${country.demonym} Freight Forwarders Association`,
    `${country.demonym} International Freight Forwarders Association`,
    `Association of ${country.demonym} Freight Forwarders`,
    `${country.name} Freight and Logistics Association`,
    `${country.demonym} Association of Freight Forwarding and Logistics`,
  ]);
}

type Identity = Pick<
  MemberPlan,
  'legalName' | 'tradeName' | 'email' | 'domain' | 'phone' | 'website' | 'vatNumber' | 'address'
>;

/** A company's name, address and contact details in the style of its country. */
export function companyIdentity(
  plan: DemoPlan,
  prng: Prng,
  fakers: FakerPool,
  style: ResolvedStyle,
  category: 'individual' | 'association' | 'group',
): Identity {
  const faker = fakers.get(style.locale);
  const cityEntry = prng.pick(style.cities);
  const city = cityEntry.split('|')[0] as string;
  let legalName: string;
  let tradeName: string | null;
  let domainBase: string;
  if (category === 'association') {
    legalName = associationName(prng, style.iso2);
    tradeName = acronym(legalName);
    domainBase = tradeName;
  } else if (category === 'group') {
    const core = `${pickBrand(prng)} ${prng.pick(['Logistics Group', 'Global Forwarding Group', 'Freight Group'])}`;
    legalName = `${core} ${style.suffixes[0] ?? ''}`.trim();
    tradeName = core;
    domainBase = core;
  } else {
    const name = companyName(prng, faker, style, city);
    legalName = name.legalName;
    tradeName = prng.chance(0.35) ? name.core : null;
    domainBase = name.core;
  }
  const domain = uniqueDomain(plan, domainBase, style.iso2);
  const mailbox =
    category === 'association' ? 'secretariat' : prng.pick(namingStyles[style.lang].mailboxes);
  const email = `${mailbox}@${domain}`;
  plan.usedEmails.add(email);
  return {
    legalName,
    tradeName,
    email,
    domain,
    phone: phoneNumber(prng, style),
    website: `https://www.${domain}`,
    vatNumber: prng.chance(0.92) ? fillPattern(prng, style.vat) : null,
    address: streetAddress(prng, faker, style, cityEntry),
  };
}

function honoraryIdentity(
  plan: DemoPlan,
  prng: Prng,
  fakers: FakerPool,
  style: ResolvedStyle,
): Identity {
  // Honorary members are people (former presidents, founders); their names in Latin script.
  const locale = style.lang === 'intl' ? 'en' : style.locale;
  const faker = fakers.get(locale);
  const person = personName(faker, locale);
  const title = prng.chance(0.3) ? 'Dr. ' : '';
  const domain = uniqueDomain(plan, `${person.first} ${person.last}`, style.iso2);
  const email = uniqueEmail(
    plan,
    slugify(`${person.first} ${person.last}`, '.', style.lang === 'de'),
    domain,
  );
  const cityEntry = prng.pick(style.cities);
  return {
    legalName: `${title}${person.first} ${person.last}`,
    tradeName: null,
    email,
    domain,
    phone: phoneNumber(prng, style),
    website: null,
    vatNumber: null,
    address: streetAddress(prng, faker, style, cityEntry),
  };
}

/** The last day the member record changed: termination, or the payment of its last invoice. */
function lastChangeDay(member: MemberPlan, prng: Prng, referenceDay: number): number {
  if (member.endedDay !== null) return member.endedDay;
  if (member.paidThroughYear !== null && member.paidThroughYear >= member.invoiceFromYear) {
    const paidDay =
      Math.max(member.joinedDay, renewalIssueDay(member.paidThroughYear)) + prng.int(3, 40);
    return Math.max(member.joinedDay, Math.min(paidDay, referenceDay - 1));
  }
  return member.joinedDay;
}

export function* generateMemberRows(
  plan: DemoPlan,
  fakers: FakerPool,
): Generator<Insertable<MembersTable>> {
  fakers.startStream('members');
  const prng = createPrng(plan.seed, 'members');
  for (const member of plan.memberOrder) {
    const identity =
      member.category === 'honorary'
        ? honoraryIdentity(plan, prng, fakers, member.style)
        : companyIdentity(plan, prng, fakers, member.style, member.category);
    // Later tables need the name and addresses; the full identity only where an application
    // copies it. Keeping less per member keeps large scales within the default heap.
    member.legalName = identity.legalName;
    member.email = identity.email;
    member.domain = identity.domain;
    if (member.applicationIndex !== null) Object.assign(member, identity);
    const createdMs = officeTime(prng, member.joinedDay);
    const updatedMs = Math.max(
      createdMs,
      officeTime(prng, lastChangeDay(member, prng, plan.calendar.referenceDay)),
    );
    const address = identity.address;
    yield {
      mid: member.mid,
      number: member.number,
      category: member.category,
      status: member.status,
      legal_name: identity.legalName,
      trade_name: identity.tradeName,
      country_iso2: member.iso2,
      address_line1: address?.line1 ?? null,
      address_line2: address?.line2 ?? null,
      postal_code: address?.postalCode ?? null,
      city: address?.city ?? null,
      state: address?.state ?? null,
      vat_number: identity.vatNumber,
      website: identity.website,
      email: identity.email,
      phone: identity.phone,
      national_association_mid: member.associationMid,
      joined_on: isoDate(member.joinedDay),
      paid_through_year: member.paidThroughYear,
      terminated_on: member.endedDay === null ? null : isoDate(member.endedDay),
      termination_reason: member.endReason,
      billing_currency: member.currency,
      card_customer_id:
        member.paidThroughYear !== null && prng.chance(0.08)
          ? `cus_${prng.code(alphanumeric, 14)}`
          : null,
      directory_visible: member.endedDay === null && prng.chance(0.96),
      version: updatedMs > createdMs ? 2 : 1,
      created_at: isoTime(createdMs),
      updated_at: isoTime(updatedMs),
      created_by: seedActor,
      updated_by: seedActor,
      deleted_at: null,
    };
  }
}

type UserRow = Insertable<UsersTable>;

function signIn(
  prng: Prng,
  isActive: boolean,
  fromDay: number,
  toDay: number,
): { methods: string[]; lastMs: number | null } {
  if (!prng.chance(isActive ? 0.62 : 0.35) || toDay <= fromDay)
    return { methods: [], lastMs: null };
  const roll = prng.next();
  const methods =
    roll < 0.78 ? ['emailLink'] : roll < 0.88 ? ['password'] : ['emailLink', 'password'];
  const day = Math.max(fromDay, toDay - prng.int(0, 400));
  return { methods, lastMs: officeTime(prng, day) };
}

function userRow(
  uid: string,
  email: string,
  displayName: string,
  createdMs: number,
  extra: Partial<UserRow>,
): UserRow {
  return {
    uid,
    email,
    display_name: displayName,
    photo_url: null,
    // No passwords in demo data: a password sign-in method without a hash simply never succeeds.
    password_hash: null,
    member_mid: null,
    member_role: null,
    disabled: false,
    sign_in_methods: [],
    last_sign_in_at: null,
    ...createdOnce(createdMs),
    deleted_at: null,
    ...extra,
  };
}

export function userCount(plan: DemoPlan): number {
  let count = plan.operators.filter((operator) => !operator.isExistingUser).length;
  for (const member of plan.members) count += member.userUids.length;
  for (const application of plan.applications) if (!application.member) count++;
  return count;
}

/**
 * Operators' users, the members' users (owner, then admin and staff) and the applicants who are
 * not members yet. Records who owns each member and the applicants' companies for later tables.
 */
export function* generateUserRows(
  plan: DemoPlan,
  fakers: FakerPool,
  emailJobs: EmailJob[],
): Generator<UserRow> {
  fakers.startStream('users');
  const { referenceDay } = plan.calendar;
  const prng = createPrng(plan.seed, 'users');

  // Operators draw from their own stream: whether one already exists changes nothing else.
  const operatorPrng = createPrng(plan.seed, 'operator-users');
  for (const [position, operator] of plan.operators.entries()) {
    const createdMs = officeTime(operatorPrng, referenceDay - 400 + position * 20);
    const lastSignInMs = officeTime(operatorPrng, referenceDay - operatorPrng.int(1, 20));
    if (operator.isExistingUser) continue;
    yield userRow(operator.uid, operator.email, operator.displayName, createdMs, {
      sign_in_methods: ['emailLink'],
      last_sign_in_at: isoTime(lastSignInMs),
    });
  }

  for (const member of plan.memberOrder) {
    const style = member.style;
    const isActive = member.endedDay === null;
    const lastDay = member.endedDay ?? referenceDay - 1;
    for (const [position, uid] of member.userUids.entries()) {
      // An applicant signed up before applying; other users came later.
      const application =
        position === 0 && member.applicationIndex !== null
          ? plan.applications[member.applicationIndex]
          : undefined;
      const createdDay = application
        ? Math.floor(application.createdMs / dayMs) - 1
        : Math.min(lastDay, member.joinedDay + (position === 0 ? 0 : prng.int(30, 2000)));
      let email: string;
      let displayName: string;
      if (member.category === 'honorary') {
        email = member.email;
        displayName = member.legalName.replace(/^Dr\. /, '');
      } else {
        const person = personName(fakers.get(style.locale), style.locale);
        const local = person.isLatin
          ? slugify(`${person.first} ${person.last}`, '.', style.lang === 'de')
          : prng.pick(functionalMailboxes);
        email = uniqueEmail(plan, local, member.domain);
        displayName = person.display;
      }
      if (position === 0) {
        member.ownerName = displayName;
        member.ownerEmail = email;
      }
      const session = signIn(prng, isActive, createdDay, lastDay);
      if (session.lastMs !== null && isActive && prng.chance(0.04)) {
        emailJobs.push({
          kind: 'sign-in-link',
          atMs: session.lastMs - prng.int(60, 600) * 1000,
          uid,
          to: email,
          name: displayName,
        });
      }
      yield userRow(uid, email, displayName, officeTime(prng, createdDay), {
        member_mid: member.mid,
        member_role: position === 0 ? 'owner' : prng.chance(0.4) ? 'admin' : 'staff',
        // Users of members that left can no longer sign in.
        disabled: !isActive || prng.chance(0.01),
        sign_in_methods: session.methods,
        last_sign_in_at: session.lastMs === null ? null : isoTime(session.lastMs),
      });
    }
  }

  for (const application of plan.applications) {
    if (application.member) continue;
    yield applicantUser(plan, prng, fakers, application);
  }
}

function applicantUser(
  plan: DemoPlan,
  prng: Prng,
  fakers: FakerPool,
  application: ApplicationPlan,
): UserRow {
  const style = application.style;
  const identity = companyIdentity(plan, prng, fakers, style, application.category);
  const person = personName(fakers.get(style.locale), style.locale);
  const local = person.isLatin
    ? slugify(`${person.first} ${person.last}`, '.', style.lang === 'de')
    : prng.pick(functionalMailboxes);
  const email = uniqueEmail(plan, local, identity.domain);
  Object.assign(application, {
    legalName: identity.legalName,
    tradeName: identity.tradeName,
    domain: identity.domain,
    address: identity.address,
    phone: identity.phone,
    vatNumber: identity.vatNumber,
    applicantName: person.display,
    applicantEmail: email,
  });
  const createdMs = application.createdMs - prng.int(1, 48) * 3_600_000;
  const lastMs = Math.min(
    (application.submittedMs ?? application.createdMs) + prng.int(0, 20) * dayMs,
    (plan.calendar.referenceDay - 1) * dayMs + 60_000,
  );
  return userRow(application.submittedByUid, email, person.display, createdMs, {
    sign_in_methods: ['emailLink'],
    last_sign_in_at: isoTime(Math.max(createdMs, lastMs)),
  });
}

export function* generateOperatorRows(plan: DemoPlan): Generator<Insertable<OperatorsTable>> {
  for (const [position, operator] of plan.operators.entries()) {
    const createdMs = (plan.calendar.referenceDay - 400 + position * 20) * dayMs + 9 * 3_600_000;
    yield {
      uid: operator.uid,
      roles: operator.roles,
      active: true,
      ...createdOnce(createdMs),
    };
  }
}

import type { TApplicationDetail } from '@ops/contract';
import { Link } from 'react-router';
import { activityLabel } from '@ops/contract/labels';
import type { DetailFieldGroup } from '@/components/detail/field-list';
import { formatDate, formatDateTime, formatMoney } from '@ops/ui/format';
import { paths } from '@/config/paths';
import { memberStatusLabel } from '@/lib/labels';
import { applicationStatusLabels } from './application-labels';
import { ApplicationStatusBadge } from './application-status-badge';

const linkClass = 'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:text-sky-950';

function personText(person: TApplicationDetail['submittedBy']): string | null {
  if (!person) return null;
  return person.displayName ? `${person.displayName} <${person.email}>` : person.email;
}

/** The application itself: its number, state, dates and the people involved. */
function applicationGroup(application: TApplicationDetail): DetailFieldGroup {
  return {
    title: 'Application',
    fields: [
      { label: 'Number', value: application.number, copyValue: application.number, isCode: true },
      { label: 'Status', value: <ApplicationStatusBadge status={application.status} /> },
      { label: 'Category', value: application.category },
      {
        label: 'Country',
        value: application.countryName
          ? `${application.countryName} (${application.countryIso2})`
          : application.countryIso2,
      },
      { label: 'Submitted', value: formatDateTime(application.submittedAt) },
      { label: 'Decided', value: formatDateTime(application.decidedAt) },
      {
        label: 'Applicant',
        value: personText(application.submittedBy),
        copyValue: application.submittedBy?.email ?? null,
        copyLabel: "applicant's e-mail",
      },
      { label: 'Reviewer', value: personText(application.reviewer) },
      { label: 'Id', value: application.aid, copyValue: application.aid, isCode: true },
    ],
  };
}

/** The company that applies. */
function companyGroup(application: TApplicationDetail): DetailFieldGroup {
  const { company } = application;
  return {
    title: 'Company',
    fields: [
      { label: 'Legal name', value: company.legalName ?? application.legalName },
      { label: 'Trade name', value: company.tradeName },
      {
        label: 'Registration no.',
        value: company.registrationNumber,
        copyValue: company.registrationNumber,
        isCode: true,
      },
      {
        label: 'VAT / UID',
        value: company.vatNumber,
        copyValue: company.vatNumber,
        isCode: true,
      },
      { label: 'Founded', value: company.founded },
      {
        label: 'Website',
        value: company.website ? (
          <a className={linkClass} href={company.website} target="_blank" rel="noreferrer noopener">
            {company.website}
          </a>
        ) : null,
      },
      { label: 'Employees', value: company.employees },
      { label: 'Activities', value: company.activities.map(activityLabel).join(', ') },
    ],
  };
}

/** The postal address, its country named when it is the application’s own. */
function addressGroup(application: TApplicationDetail): DetailFieldGroup {
  const { address } = application;
  const addressLines = [
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.state,
    address.countryIso2 === application.countryIso2 ? application.countryName : address.countryIso2,
  ].filter((line): line is string => Boolean(line));
  return {
    title: 'Address',
    fields: [
      {
        label: 'Address',
        value: addressLines.length ? (
          <span className="whitespace-pre-line">{addressLines.join('\n')}</span>
        ) : null,
      },
    ],
  };
}

/** The contacts the applicant gave, one field each. */
function contactsGroup(application: TApplicationDetail): DetailFieldGroup {
  return {
    title: 'Contacts',
    fields: application.contacts.length
      ? application.contacts.map((contact) => ({
          label: contact.role.charAt(0).toUpperCase() + contact.role.slice(1),
          value: (
            <span className="flex flex-col">
              <span>
                {contact.name ?? 'No name'}
                {contact.position ? `, ${contact.position}` : ''}
              </span>
              {contact.email ? (
                <a className={linkClass} href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              ) : null}
              {contact.phone ? <span className="tabular-nums">{contact.phone}</span> : null}
            </span>
          ),
          copyValue: contact.email,
          copyLabel: `${contact.role} contact's e-mail`,
        }))
      : [{ label: 'Contacts', value: null }],
  };
}

/** Whether a national association must endorse the application, and which. */
function endorsementGroup(application: TApplicationDetail): DetailFieldGroup {
  return {
    title: 'Endorsement',
    fields: [
      {
        label: 'Needed',
        value: application.needsEndorsement
          ? 'Yes: the national association must endorse it in writing'
          : application.category === 'association'
            ? 'No: associations are reviewed by headquarters'
            : 'No: its country has no national association',
      },
      {
        label: 'Endorsing association',
        value: application.endorsingAssociation ? (
          <Link
            className={linkClass}
            to={paths.member.getHref({ mid: application.endorsingAssociation.mid })}
          >
            {application.endorsingAssociation.legalName} ({application.endorsingAssociation.number})
          </Link>
        ) : null,
      },
      application.countryAssociation &&
        application.countryAssociation.mid !== application.endorsingAssociation?.mid && {
          label: "Country's association",
          value: (
            <Link
              className={linkClass}
              to={paths.member.getHref({ mid: application.countryAssociation.mid })}
            >
              {application.countryAssociation.legalName} ({application.countryAssociation.number})
            </Link>
          ),
        },
      ...endorsementLinkFields(application),
    ],
  };
}

const endorsementStateTexts: Record<
  NonNullable<TApplicationDetail['endorsement']>['state'],
  string
> = {
  waiting: 'Waiting for the association’s answer',
  answered: 'Answered by the association',
  expired: 'The link expired without an answer',
  waived: 'Waived by headquarters',
  overdue: 'No answer in 30 days: headquarters decide',
};

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * The endorsement by link (issue 34): where the association's link stands, how long it has
 * waited, the reminders the daily job sent, and the answer with its reason and letter.
 */
function endorsementLinkFields(application: TApplicationDetail): DetailFieldGroup['fields'] {
  const link = application.endorsement;
  if (!link) return [];
  const answer = link.answer;
  return [
    { label: 'Link', value: endorsementStateTexts[link.state] },
    { label: 'Sent to', value: link.sentTo.join(', ') },
    {
      label: 'Requested',
      value:
        link.state === 'waiting' || link.state === 'expired'
          ? `${formatDateTime(link.requestedAt)} (${dayCount(link.daysWaiting)} waiting)`
          : formatDateTime(link.requestedAt),
    },
    link.state === 'waiting' && { label: 'Link works until', value: formatDate(link.expiresAt) },
    {
      label: 'Reminders',
      value:
        link.remindersSent === 0
          ? 'None sent yet (after 7 and 14 days)'
          : `${link.remindersSent} sent, last ${formatDateTime(link.lastReminderAt)}`,
    },
    answer && {
      label: 'Answer',
      value: `${answer.decision === 'endorse' ? 'Endorsed' : 'Declined'} on ${formatDateTime(answer.at)} by ${answer.by}${answer.hasLetter ? ', with a letter (see Documents)' : ''}`,
    },
    answer?.reason
      ? {
          label: 'Association’s reason',
          value: <span className="whitespace-pre-wrap">{answer.reason}</span>,
        }
      : null,
    Boolean(link.waivedReason) && {
      label: 'Waived because',
      value: <span className="whitespace-pre-wrap">{link.waivedReason}</span>,
    },
  ];
}

/** What the decision said and caused: its reason, the member and its first invoice. */
function outcomeGroup(application: TApplicationDetail): DetailFieldGroup {
  const { member, firstInvoice } = application;
  return {
    title: 'Outcome',
    fields: [
      {
        label:
          application.status === 'information-requested'
            ? 'Information requested'
            : application.status === 'rejected' || application.status === 'endorsement-declined'
              ? 'Reason'
              : 'Last note',
        value: application.decisionReason ? (
          <span className="whitespace-pre-wrap">{application.decisionReason}</span>
        ) : null,
      },
      // The applicant's latest answer from the member portal (issue 34), and when it came.
      application.applicantAnswer && {
        label: 'Applicant’s answer',
        value: (
          <span className="flex flex-col gap-1">
            <span className="whitespace-pre-wrap">{application.applicantAnswer.text}</span>
            <span className="text-sm text-slate-600">
              Sent from the member portal on{' '}
              <time dateTime={application.applicantAnswer.at}>
                {formatDateTime(application.applicantAnswer.at)}
              </time>
            </span>
          </span>
        ),
        copyValue: application.applicantAnswer.text,
        copyLabel: 'applicant’s answer',
      },
      {
        label: 'Member',
        value: member ? (
          <Link className={linkClass} to={paths.member.getHref({ mid: member.mid })}>
            {member.legalName} ({member.number}), {memberStatusLabel(member.status).toLowerCase()}
          </Link>
        ) : application.status === 'approved' ? null : (
          `None (the application is ${applicationStatusLabels[application.status].toLowerCase()})`
        ),
        copyValue: member?.number ?? null,
        copyLabel: 'membership number',
      },
      firstInvoice && {
        label: 'First invoice',
        value: (
          <Link className={linkClass} to={paths.invoice.getHref({ iid: firstInvoice.iid })}>
            {firstInvoice.number}: {formatMoney(firstInvoice.totalMinor, firstInvoice.currency)}
            {firstInvoice.dueDate ? `, due ${formatDate(firstInvoice.dueDate)}` : ''}
          </Link>
        ),
        copyValue: firstInvoice.number,
        copyLabel: 'invoice number',
      },
    ],
  };
}

/** The application's field groups, in the order a reviewer reads them. */
export function applicationFieldGroups(application: TApplicationDetail): DetailFieldGroup[] {
  return [
    applicationGroup(application),
    companyGroup(application),
    addressGroup(application),
    contactsGroup(application),
    endorsementGroup(application),
    outcomeGroup(application),
  ];
}

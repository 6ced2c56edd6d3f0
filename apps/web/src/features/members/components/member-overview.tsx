import type { TMemberDetail } from '@ops/contract';
import { languageLabels } from '@ops/contract/values';
import { Link } from 'react-router';
import { FieldList, type DetailFieldGroup } from '@/components/detail/field-list';
import { formatDate, formatDateTime, formatMoney } from '@ops/ui/format';
import { paths } from '@/config/paths';
import { MemberDunning } from './member-dunning';
import { categoryLabels } from './member-labels';
import { StatusBadge } from './status-badge';
import {
  labelOf,
  invoiceStatusLabels,
  certificateTypeLabels,
  certificateStatusLabels,
  applicationStatusLabels,
} from '@/lib/labels';

const linkClass =
  'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700';

function authored(at: string, by: string | null): string {
  return by ? `${formatDateTime(at)} by ${by}` : formatDateTime(at);
}

/**
 * What the member owes per currency and its credit (issue 16): "CHF 300.00 · credit CHF 50.00";
 * "None" when nothing is open. The Ledger tab has every line.
 */
function openBalanceText(member: TMemberDetail): string {
  if (member.openBalances.length === 0) return 'None';
  return member.openBalances
    .map((open) =>
      [
        open.balanceMinor !== '0' ? formatMoney(open.balanceMinor, open.currency) : null,
        open.creditMinor !== '0' ? `credit ${formatMoney(open.creditMinor, open.currency)}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    )
    .join('; ');
}

/** The member's fields grouped as a person reads them: who, how to reach, where, membership. */
function memberFieldGroups(member: TMemberDetail, memberHref: (mid: string) => string) {
  const hasEnded = member.terminatedOn !== null || member.terminationReason !== null;
  const groups: DetailFieldGroup[] = [
    {
      title: 'Identity',
      fields: [
        { label: 'Legal name', value: member.legalName },
        { label: 'Trade name', value: member.tradeName },
        {
          label: 'Membership number',
          value: member.number,
          copyValue: member.number,
          isCode: true,
        },
        { label: 'Member id', value: member.mid, copyValue: member.mid, isCode: true },
        { label: 'Category', value: categoryLabels[member.category] },
        {
          label: 'VAT/UID number',
          value: member.vatNumber,
          copyValue: member.vatNumber,
          copyLabel: 'VAT number',
        },
      ],
    },
    {
      title: 'Contact',
      fields: [
        {
          label: 'E-mail',
          value: member.email ? (
            <a className={linkClass} href={`mailto:${member.email}`}>
              {member.email}
            </a>
          ) : null,
          copyValue: member.email,
          copyLabel: 'e-mail address',
        },
        {
          label: 'Billing e-mail',
          value: member.billingEmail ? (
            <a className={linkClass} href={`mailto:${member.billingEmail}`}>
              {member.billingEmail}
            </a>
          ) : member.email ? (
            // Empty: invoices and reminders go to the e-mail above (issue 35).
            <span className="text-slate-600">None: invoices go to the e-mail</span>
          ) : null,
          copyValue: member.billingEmail,
          copyLabel: 'billing e-mail address',
        },
        {
          label: 'Phone',
          value: member.phone ? (
            <a className={linkClass} href={`tel:${member.phone.replace(/[^+\d]/g, '')}`}>
              {member.phone}
            </a>
          ) : null,
        },
        {
          label: 'Website',
          value: member.website ? (
            <a className={linkClass} href={member.website} target="_blank" rel="noreferrer">
              {member.website}
            </a>
          ) : null,
        },
      ],
    },
    {
      title: 'Address',
      fields: [
        { label: 'Address line 1', value: member.addressLine1 },
        { label: 'Address line 2', value: member.addressLine2 },
        {
          label: 'Postal code and city',
          value: [member.postalCode, member.city].filter(Boolean).join(' '),
        },
        { label: 'State or province', value: member.state },
        {
          label: 'Country',
          value: member.countryIso2 ? (
            <Link className={linkClass} to={paths.country.getHref({ iso2: member.countryIso2 })}>
              {member.countryName ?? member.countryIso2} ({member.countryIso2})
            </Link>
          ) : null,
        },
      ],
    },
    {
      title: 'Membership',
      fields: [
        { label: 'Status', value: <StatusBadge status={member.status} /> },
        {
          label: 'National association',
          value: member.nationalAssociationMid ? (
            <Link className={linkClass} to={memberHref(member.nationalAssociationMid)}>
              {member.nationalAssociationName ?? member.nationalAssociationMid}
              {member.nationalAssociationNumber ? ` (${member.nationalAssociationNumber})` : ''}
            </Link>
          ) : null,
        },
        { label: 'Joined', value: formatDate(member.joinedOn) },
        { label: 'Paid through', value: member.paidThroughYear },
        hasEnded && {
          label: 'Terminated on',
          value: formatDate(member.terminatedOn),
        },
        hasEnded && {
          label: 'Termination reason',
          value: member.terminationReason,
        },
        { label: 'Billing currency', value: member.billingCurrency },
        // Issue 17: the language of its e-mails and PDFs.
        { label: 'Preferred language', value: languageLabels[member.preferredLanguage] },
        {
          label: 'Open balance',
          value: openBalanceText(member),
        },
        {
          label: 'Card-payment customer',
          value: member.cardCustomerId,
          copyValue: member.cardCustomerId,
          copyLabel: 'card-payment customer id',
          isCode: true,
        },
        { label: 'Public directory', value: member.directoryVisible ? 'Listed' : 'Not listed' },
      ],
    },
    {
      title: 'Record',
      fields: [
        { label: 'Created', value: authored(member.createdAt, member.createdBy) },
        { label: 'Last changed', value: authored(member.updatedAt, member.updatedBy) },
        { label: 'Version', value: String(member.version) },
        member.deletedAt !== null && { label: 'Deleted', value: formatDateTime(member.deletedAt) },
      ],
    },
  ];
  return groups;
}

/** One related record as its list shows it: a link to its detail, and a line about it. */
type RelatedLink = { key: string; href: string; label: string; meta: string };

/**
 * One kind of related record: a titled list of links with the total beside the title (the
 * server sends the latest few of each kind and how many there are).
 */
function RelatedSection<T>({
  title,
  noun,
  related,
  linkOf,
}: {
  title: string;
  noun: string;
  related: { total: number; items: readonly T[] };
  linkOf: (item: T) => RelatedLink;
}) {
  const { total } = related;
  const shown = related.items.length;
  return (
    <section aria-label={title} className="min-w-0">
      <h4 className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title} <span className="font-normal normal-case">({total})</span>
      </h4>
      {total === 0 ? (
        <p className="py-1.5 text-sm text-slate-500">No {noun}.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {related.items.map((item) => {
              const { key, href, label, meta } = linkOf(item);
              return (
                <li
                  key={key}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm"
                >
                  <Link className={`${linkClass} min-w-0 [overflow-wrap:anywhere]`} to={href}>
                    {label}
                  </Link>
                  <span className="text-slate-600">{meta}</span>
                </li>
              );
            })}
          </ul>
          {total > shown ? (
            <p className="pt-1 text-xs text-slate-500">
              The latest {shown} of {total} {noun}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The records that belong to the member, each a link to its own detail. */
function MemberRelated({ member }: { member: TMemberDetail }) {
  const { users, invoices, certificates, applications, emails } = member.related;
  return (
    <div className="grid gap-5 @2xl:grid-cols-2">
      <RelatedSection
        title="Users"
        noun="users"
        related={users}
        linkOf={(user) => ({
          key: user.uid,
          href: paths.user.getHref({ uid: user.uid }),
          label: user.displayName ? `${user.displayName} (${user.email})` : user.email,
          meta: [user.memberRole ?? 'no role', user.disabled ? 'disabled' : null]
            .filter(Boolean)
            .join(', '),
        })}
      />
      <RelatedSection
        title="Invoices"
        noun="invoices"
        related={invoices}
        linkOf={(invoice) => ({
          key: invoice.iid,
          href: paths.invoice.getHref({ iid: invoice.iid }),
          label: invoice.number,
          meta: `${invoice.year} · ${labelOf(invoiceStatusLabels, invoice.status)} · ${formatMoney(invoice.totalMinor, invoice.currency)}`,
        })}
      />
      <RelatedSection
        title="Certificates"
        noun="certificates"
        related={certificates}
        linkOf={(certificate) => ({
          key: certificate.cid,
          href: paths.certificate.getHref({ cid: certificate.cid }),
          label: certificate.number,
          meta: `${certificate.documentCode ?? labelOf(certificateTypeLabels, certificate.type)} ${certificate.year} · ${labelOf(certificateStatusLabels, certificate.status)} · valid to ${formatDate(certificate.validTo)}`,
        })}
      />
      <RelatedSection
        title="Applications"
        noun="applications"
        related={applications}
        linkOf={(application) => ({
          key: application.aid,
          href: paths.application.getHref({ aid: application.aid }),
          label: application.number,
          meta: `${labelOf(applicationStatusLabels, application.status)}${application.submittedAt ? ` · submitted ${formatDate(application.submittedAt)}` : ''}`,
        })}
      />
      <RelatedSection
        title="E-mails"
        noun="e-mails"
        related={emails}
        linkOf={(email) => ({
          key: email.eid,
          href: paths.email.getHref({ eid: email.eid }),
          label: email.subject,
          meta: `${email.state} · ${formatDateTime(email.createdAt)}`,
        })}
      />
    </div>
  );
}

/** The Overview tab: every field in groups, its dunning (issue 17), then the related records. */
export function MemberOverview({
  member,
  memberHref,
}: {
  member: TMemberDetail;
  /** The link to another member (its national association), keeping the list's view. */
  memberHref: (mid: string) => string;
}) {
  return (
    <div className="@container flex flex-col gap-6">
      <FieldList groups={memberFieldGroups(member, memberHref)} />
      <MemberDunning member={member} />
      <MemberRelated member={member} />
    </div>
  );
}

import type { TPortalChangeRequest } from '@ops/contract/change-requests';
import type { TPortalCertificate, TPortalMembership } from '@ops/contract/portal-membership';
import { formatMemberDay, formatMemberMoney } from '@ops/contract/member-formats';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../config/screens';
import { useLanguage } from '../i18n/language-provider';
import { Message, useMessages } from '../i18n/message';
import { membershipApi, selectKey } from './api';
import { MemberSwitcher } from './member-switcher';
import type { MemberHome } from './use-member-home';

const linkButton =
  'inline-flex min-h-11 items-center rounded-md bg-sky-700 px-4 font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';
const secondaryLink =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-medium text-slate-900 hover:bg-slate-50';

/**
 * What a member's user sees first on the home (issue 35): the membership in words, paid through,
 * what is due and by when, and the certificates with their PDF and public check. The page's h1.
 */
export function MembershipPanel({ home }: { home: MemberHome }) {
  return (
    <>
      <Membership membership={home.membership} />
      <PendingRequests requests={home.pendingRequests} />
      <Certificates certificates={home.certificates} />
    </>
  );
}

function Membership({ membership }: { membership: TPortalMembership }) {
  const t = useMessages();
  const { language } = useLanguage();
  return (
    <section
      aria-labelledby="membership-title"
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
    >
      <h1 id="membership-title" className="text-2xl font-semibold">
        <Message id="membership.title" />
      </h1>
      <p className="font-medium break-words">{membership.legalName}</p>
      <p className="text-sm text-slate-700">
        {t('membership.number', { number: membership.number })}
      </p>
      {/* A group's person (a user of several members) chooses the one the portal acts for. */}
      <MemberSwitcher membership={membership} />
      <p>
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium">
          {t('membership.status', { status: selectKey(membership.status) })}
        </span>
      </p>
      <p>
        {membership.paidThroughYear === null
          ? t('membership.notPaidYet')
          : t('membership.paidThrough', { year: String(membership.paidThroughYear) })}
      </p>
      {membership.due.length === 0 ? (
        <p>{t('membership.nothingDue')}</p>
      ) : (
        membership.due.map((due) => (
          <div key={due.currency}>
            <p>
              {t('membership.due', {
                amount: formatMemberMoney(due.balanceMinor, due.currency, language),
                count: due.openInvoices,
                date: due.nextDueDate ? formatMemberDay(due.nextDueDate, language) : '',
              })}
            </p>
            {due.overdueInvoices > 0 ? (
              <p className="font-medium text-red-800">
                {t('membership.overdue', { count: due.overdueInvoices })}
              </p>
            ) : null}
          </div>
        ))
      )}
      <p className="text-sm text-slate-700">{t('membership.role', { role: membership.role })}</p>
      <p className="flex flex-wrap gap-2">
        <Link to={paths.invoices.getHref()} className={linkButton}>
          <Message id="membership.invoices" />
        </Link>
        <Link to={paths.colleagues.getHref()} className={secondaryLink}>
          <Message id="colleagues.link" />
        </Link>
        <Link to={paths.company.getHref()} className={secondaryLink}>
          <Message id="company.link" />
        </Link>
        <Link to={paths.directoryEntry.getHref()} className={secondaryLink}>
          <Message id="directoryEntry.link" />
        </Link>
      </p>
    </section>
  );
}

/** The member's requests waiting for staff, each said in a line, with the way to see them. */
function PendingRequests({ requests }: { requests: TPortalChangeRequest[] }) {
  const t = useMessages();
  const intl = useIntl();
  if (requests.length === 0) return null;
  return (
    <div className="space-y-1 rounded-md bg-amber-50 p-3">
      {requests.map((request) => (
        <p key={request.id}>
          {t('company.pending', {
            kind: selectKey(request.kind),
            date: intl.formatDate(request.requestedAt, {
              dateStyle: 'long',
              timeZone: 'Europe/Zurich',
            }),
          })}
        </p>
      ))}
      <Link
        to={paths.company.getHref()}
        className="inline-flex min-h-11 items-center text-sky-900 underline"
      >
        <Message id="company.pendingLink" />
      </Link>
    </div>
  );
}

function Certificates({ certificates }: { certificates: TPortalCertificate[] }) {
  const t = useMessages();
  const { language } = useLanguage();
  return (
    <section aria-labelledby="certificates-title" className="space-y-2">
      <h2 id="certificates-title" className="text-lg font-semibold">
        <Message id="certificates.title" />
      </h2>
      {certificates.length === 0 ? (
        <p>{t('certificates.none')}</p>
      ) : (
        <ul className="space-y-2">
          {certificates.map((certificate) => (
            <li key={certificate.cid} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="font-medium">
                {t('certificates.name', {
                  type: selectKey(certificate.type),
                  year: String(certificate.year),
                })}
                {certificate.documentCode ? ` (${certificate.documentCode})` : ''}
              </p>
              <p className="text-sm text-slate-700">
                {certificate.number} · {t('certificates.status', { status: certificate.status })}
              </p>
              <p className="text-sm text-slate-700">
                {t('certificates.valid', {
                  from: formatMemberDay(certificate.validFrom, language),
                  to: formatMemberDay(certificate.validTo, language),
                })}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                <a
                  href={membershipApi.certificatePdfHref(certificate.cid)}
                  className="inline-flex min-h-11 items-center text-sky-900 underline"
                >
                  {t('certificates.pdf', { number: certificate.number })}
                </a>
                <a
                  href={certificate.verificationUrl}
                  className="inline-flex min-h-11 items-center text-sky-900 underline"
                >
                  {t('certificates.verify', { number: certificate.number })}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { TCertificateDetail } from '@ops/contract';
import { Link } from 'react-router';
import {
  DetailScreen,
  DetailTabs,
  FieldList,
  formatDate,
  formatDateTime,
} from '@/components/detail';
import { historyTab } from '@/components/detail/history-tab';
import { MemberLink } from '@/components/member-link';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { certificateStatusLabels } from '@/lib/labels';
import { useCan } from '@/lib/permissions';
import { certificatePdfPath, useCertificate } from '../api/get-certificate';
import { certificateTypeLabels } from '../components/labels';
import { RevokeCertificate } from '../components/revoke-certificate';
import { CertificateStatusBadge } from '../components/status-badge';

const fieldLabels = {
  status: 'Status',
  revocation_reason: 'Revocation reason',
  version: 'Version',
  number: 'Number',
  member_name: 'Member name',
  year: 'Year',
  valid_from: 'Valid from',
  valid_to: 'Valid to',
  verification_code: 'Verification code',
  invoice_iid: 'Invoice',
  supersededByNumber: 'Replaced by',
  supersedes: 'Replaces',
};

const linkClass = 'text-sky-800 underline hover:text-sky-950';

export function CertificateRoute({ cid }: { cid: string }) {
  const certificate = useCertificate(cid);
  const canManage = useCan('certificates.manage');

  return (
    <DetailScreen
      query={certificate}
      noun="certificate"
      missingDescription={`No certificate has the id ${cid}.`}
    >
      {(data) => (
        <Screen
          title={`Certificate ${data.number}`}
          description={
            <>
              {certificateTypeLabels[data.type]} {data.year} ·{' '}
              <MemberLink mid={data.memberMid} name={data.memberName} />
            </>
          }
          actions={
            canManage && data.status === 'issued' ? (
              <RevokeCertificate certificate={data} onReload={() => void certificate.refetch()} />
            ) : null
          }
        >
          <DetailTabs
            label={`Certificate ${data.number} sections`}
            tabs={[
              { id: 'overview', label: 'Overview', content: <Overview certificate={data} /> },
              {
                id: 'pdf',
                label: 'PDF',
                content: (
                  <div className="flex flex-col gap-3 pt-4">
                    <p className="text-sm">
                      <a className={linkClass} href={certificatePdfPath(data.cid, true)} download>
                        Download the PDF
                      </a>{' '}
                      ·{' '}
                      <a
                        className={linkClass}
                        href={certificatePdfPath(data.cid)}
                        target="_blank"
                        rel="noreferrer"
                      >
                        Open in a new tab
                      </a>
                    </p>
                    <iframe
                      title={`PDF of certificate ${data.number}`}
                      src={certificatePdfPath(data.cid)}
                      className="h-[32rem] w-full rounded-md border border-slate-200"
                    />
                  </div>
                ),
              },
              historyTab('certificates', data.cid, fieldLabels, { isPadded: true }),
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

function Overview({ certificate: data }: { certificate: TCertificateDetail }) {
  return (
    <div className="flex flex-col gap-4 pt-4">
      <p
        className={[
          'rounded-md border px-3 py-2 text-sm',
          data.isValidNow
            ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
            : 'border-slate-200 bg-slate-50 text-slate-800',
        ].join(' ')}
      >
        {data.isValidNow
          ? `Valid today, until ${formatDate(data.validTo)}.`
          : data.status === 'issued'
            ? `Not valid today: valid from ${formatDate(data.validFrom)} to ${formatDate(data.validTo)}.`
            : `Not valid: ${certificateStatusLabels[data.status].toLowerCase()}.`}
      </p>
      <FieldList
        groups={[
          {
            title: 'Certificate',
            fields: [
              {
                label: 'Number',
                value: data.number,
                copyValue: data.number,
                copyLabel: 'certificate number',
                isCode: true,
              },
              {
                label: 'Type',
                value: `${certificateTypeLabels[data.type]}${data.documentCode ? ` (${data.documentCode})` : ''}`,
              },
              { label: 'Year', value: data.year },
              {
                label: 'Valid',
                value: `${formatDate(data.validFrom)} – ${formatDate(data.validTo)}`,
              },
              { label: 'Status', value: <CertificateStatusBadge status={data.status} /> },
              data.revocationReason
                ? { label: 'Revocation reason', value: data.revocationReason }
                : null,
              data.supersededBy
                ? {
                    label: 'Replaced by',
                    value: (
                      <Link
                        className={linkClass}
                        to={paths.certificate.getHref({ cid: data.supersededBy.cid })}
                      >
                        {data.supersededBy.number}
                      </Link>
                    ),
                  }
                : null,
            ],
          },
          {
            title: 'Member',
            fields: [
              {
                label: 'Name certified',
                value: (
                  <Link className={linkClass} to={paths.member.getHref({ mid: data.memberMid })}>
                    {data.memberName}
                  </Link>
                ),
              },
              data.memberCurrentName && data.memberCurrentName !== data.memberName
                ? { label: 'Name today', value: data.memberCurrentName }
                : null,
              {
                label: 'Membership number',
                value: data.memberNumber,
                copyValue: data.memberNumber,
                isCode: true,
              },
              { label: 'Country', value: data.countryName ?? data.countryIso2 },
              {
                label: 'Invoice',
                value:
                  data.invoiceIid && data.invoiceNumber ? (
                    <Link
                      className={linkClass}
                      to={paths.invoice.getHref({ iid: data.invoiceIid })}
                    >
                      {data.invoiceNumber}
                    </Link>
                  ) : (
                    'None (paid through the year)'
                  ),
              },
            ],
          },
          {
            title: 'Public verification',
            fields: [
              {
                label: 'Verification code',
                value: data.verificationCode,
                copyValue: data.verificationCode,
                copyLabel: 'verification code',
                isCode: true,
              },
              {
                label: 'Verification page',
                value: (
                  <a
                    className={linkClass}
                    href={data.verificationUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {data.verificationUrl}
                  </a>
                ),
                copyValue: data.verificationUrl,
                copyLabel: 'verification link',
              },
            ],
          },
          {
            title: 'Record',
            fields: [
              { label: 'Issued', value: data.issuedAt ? formatDateTime(data.issuedAt) : null },
              { label: 'Issued by', value: data.issuedBy?.name ?? data.issuedBy?.uid },
              {
                label: 'PDF',
                value: data.hasStoredPdf
                  ? 'Stored as issued'
                  : 'Rendered from the record (issued before PDFs were stored)',
              },
              { label: 'Last changed', value: formatDateTime(data.updatedAt) },
              {
                label: 'Id',
                value: data.cid,
                copyValue: data.cid,
                copyLabel: 'certificate id',
                isCode: true,
              },
            ],
          },
        ]}
      />
    </div>
  );
}

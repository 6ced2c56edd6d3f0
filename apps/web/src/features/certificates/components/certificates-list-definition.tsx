import {
  type certificatesList,
  certificateStatuses,
  certificateTypes,
  type TCertificateListItem,
} from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { MemberCellLink } from '@/components/member-link';
import { paths } from '@/config/paths';
import { certificateStatusLabels, optionsOf } from '@/lib/labels';
import { certificateTypeLabels } from './labels';
import { CertificateStatusBadge } from './status-badge';
import { certificateQueryOptions } from '../api/get-certificate';
import { dateCell, dateTimeCell } from '@/components/data-list/date-cells';

/** The certificates list: its columns, filters and bulk actions, for the list kit. */
export const certificatesListDefinition: DataListDefinition<
  TCertificateListItem,
  typeof certificatesList
> = {
  name: 'certificates',
  noun: { one: 'certificate', many: 'certificates' },
  apiPath: '/api/certificates',
  exportPath: '/api/certificates/export',
  liveTables: ['certificates'],
  rowKey: (certificate) => certificate.cid,
  rowHref: (certificate) => paths.certificate.getHref({ cid: certificate.cid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (certificate) => certificateQueryOptions(certificate.cid),
  rowLabel: (certificate) => `${certificate.number} ${certificate.memberName}`,
  defaultSort: '-number',
  searchLabel: 'Search certificates',
  searchPlaceholder: 'Number, verification code or member name',
  columns: [
    {
      id: 'number',
      label: 'Number',
      width: '9.5rem',
      sortable: true,
      isPrimary: true,
      render: (certificate) => (
        <span className="font-mono text-xs tabular-nums">{certificate.number}</span>
      ),
    },
    {
      id: 'memberName',
      label: 'Member',
      width: 'minmax(12rem,3fr)',
      sortable: true,
      render: (certificate) => (
        <MemberCellLink mid={certificate.memberMid} name={certificate.memberName} />
      ),
    },
    {
      id: 'memberNumber',
      label: 'Membership no.',
      width: '6.5rem',
      isHiddenByDefault: true,
      render: (certificate) => (
        <span className="font-mono text-xs">{certificate.memberNumber ?? ''}</span>
      ),
    },
    {
      id: 'countryIso2',
      label: 'Country',
      width: '4.5rem',
      isHiddenByDefault: true,
      render: (certificate) => certificate.countryIso2 ?? '',
    },
    {
      id: 'type',
      label: 'Type',
      width: '9rem',
      sortable: true,
      render: (certificate) =>
        `${certificateTypeLabels[certificate.type]}${certificate.documentCode ? ` ${certificate.documentCode}` : ''}`,
    },
    {
      id: 'year',
      label: 'Year',
      width: '5rem',
      sortable: true,
      isNumeric: true,
      render: (certificate) => certificate.year,
    },
    {
      id: 'status',
      label: 'Status',
      width: '8rem',
      sortable: true,
      render: (certificate) => <CertificateStatusBadge status={certificate.status} />,
    },
    {
      id: 'validTo',
      label: 'Valid to',
      sortable: true,
      ...dateCell((certificate) => certificate.validTo),
    },
    {
      id: 'issuedAt',
      label: 'Issued at',
      sortable: true,
      ...dateTimeCell((certificate) => certificate.issuedAt),
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: optionsOf(certificateStatusLabels, certificateStatuses),
    },
    {
      name: 'type',
      label: 'Type',
      kind: 'one-of',
      options: certificateTypes.map((type) => ({
        value: type,
        label: certificateTypeLabels[type],
      })),
    },
    { name: 'year', label: 'Year', kind: 'range', input: 'number' },
    { name: 'member', label: 'Member', kind: 'member' },
    // Issue 18: the certificates report drills down to those issued on days at headquarters.
    { name: 'issuedAt', label: 'Issued on', kind: 'range', input: 'date', allowsEmpty: true },
  ],
};

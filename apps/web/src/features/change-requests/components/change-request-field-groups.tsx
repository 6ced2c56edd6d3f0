import type { TChangeRequestDetail } from '@ops/contract';
import { formatDateTime, type DetailFieldGroup } from '@/components/detail';
import { MemberLink } from '@/components/member-link';
import { formatBytes } from '@/components/upload/upload-steps';
import { memberStatusLabel } from '@/lib/labels';
import { changeRequestDocumentPath } from '../api/get-change-request';
import { changeRequestKindLabels } from './change-request-labels';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/** "3 Dec 2026, 13:10 by anna@…": when, and by whom when known. */
function authored(at: string | null, by: string | null): string | null {
  if (!at) return null;
  return by ? `${formatDateTime(at)} by ${by}` : formatDateTime(at);
}

/** What the decision is called on the record, by the request's status. */
const decidedLabels = {
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
} as const;

/** The attached document (a registry extract, say) as a download, with its size. */
function DocumentLink({ request }: { request: TChangeRequestDetail }) {
  if (!request.document) return null;
  return (
    <>
      <a className={linkClass} href={changeRequestDocumentPath(request.id)} download>
        {request.document.fileName}
      </a>{' '}
      <span className="text-slate-600">({formatBytes(request.document.sizeBytes)})</span>
    </>
  );
}

/**
 * The request's fields as the record shows them: the member (linked), who asked when, the
 * member's note and document, and once decided the decision (approved or declined: when, by
 * whom, why; or withdrawn by the member).
 */
export function changeRequestFieldGroups(request: TChangeRequestDetail): DetailFieldGroup[] {
  const groups: DetailFieldGroup[] = [
    {
      title: 'Member',
      fields: [
        {
          label: 'Member',
          value: <MemberLink mid={request.memberMid} name={request.memberName} />,
        },
        {
          label: 'Membership number',
          value: request.memberNumber,
          copyValue: request.memberNumber,
          isCode: true,
        },
        { label: 'Member status', value: memberStatusLabel(request.memberStatus) },
      ],
    },
    {
      title: 'Request',
      fields: [
        { label: 'Kind', value: changeRequestKindLabels[request.kind] },
        { label: 'Requested', value: formatDateTime(request.requestedAt) },
        {
          label: 'Requested by',
          value: request.requestedBy,
          copyValue: request.requestedBy,
          copyLabel: 'e-mail address',
        },
        { label: 'Note from the member', value: request.note },
        { label: 'Document', value: request.document ? <DocumentLink request={request} /> : null },
      ],
    },
  ];
  if (request.status !== 'pending') {
    const isWithdrawn = request.status === 'withdrawn';
    groups.push({
      title: 'Decision',
      fields: [
        {
          label: decidedLabels[request.status],
          value: authored(
            request.decidedAt,
            isWithdrawn ? (request.decidedBy ?? 'the member') : request.decidedBy,
          ),
        },
        request.decisionReason
          ? {
              label: request.status === 'declined' ? 'Reason given to the member' : 'Note',
              value: request.decisionReason,
            }
          : null,
      ],
    });
  }
  return groups;
}

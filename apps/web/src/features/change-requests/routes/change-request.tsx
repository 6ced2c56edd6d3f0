import type { TChangeRequestDetail } from '@ops/contract';
import { useId, type ReactNode } from 'react';
import { DetailScreen, FieldList } from '@/components/detail';
import { MemberLink } from '@/components/member-link';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { useChangeRequest } from '../api/get-change-request';
import { changeRequestFieldGroups } from '../components/change-request-field-groups';
import { changeRequestKindLabels } from '../components/change-request-labels';
import { ChangeRequestStatusBadge } from '../components/change-request-status-badge';
import { DecideChangeRequest } from '../components/decide-change-request';
import { AppliedValuesTable, RequestFieldsTable } from '../components/request-fields-table';
import { fieldLabelsOf } from '../utils/field-values';

/** A titled part of the record (the fields table, what was written). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      {children}
    </section>
  );
}

/** While pending: the fields whose value moved since the request, said above the table. */
function ChangedSinceNotice({ request }: { request: TChangeRequestDetail }) {
  const changed = request.fields.filter((row) => row.changedSince);
  if (request.status !== 'pending' || changed.length === 0) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {changed.length === 1 ? 'One field has' : `${changed.length} fields have`} changed on the
      member since the request was made ({fieldLabelsOf(changed.map((row) => row.field))}): check
      the current values before approving.
    </p>
  );
}

/**
 * /change-requests/:id (issue 35), beside the queue: the member, who asked when and why, the
 * attached document, each field as the member saw it, what it asked for and the member's value
 * now (marked in words where it changed since), and the decision: Approve, Edit then approve or
 * Decline while pending; what was decided and written once decided. It follows the request and
 * its member as they change.
 */
export function ChangeRequestRoute({ id }: { id: string }) {
  const request = useChangeRequest(id);
  const canDecide = useCan('members.edit');

  return (
    <DetailScreen
      query={request}
      noun="change request"
      recordId={{ label: 'Request id', value: id }}
    >
      {(data) => (
        <Screen
          title={
            data.kind === 'company-data' ? 'Company-data change request' : 'Close-account request'
          }
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <MemberLink mid={data.memberMid} name={data.memberName} />
              <span className="font-mono text-xs">{data.memberNumber}</span>
              <span aria-hidden="true">·</span>
              <span>{changeRequestKindLabels[data.kind]}</span>
              <ChangeRequestStatusBadge status={data.status} />
            </span>
          }
        >
          {/* Keyed by request: a decision's message belongs to the request it was taken on. */}
          <DecideChangeRequest
            key={data.id}
            request={data}
            canDecide={canDecide}
            onReload={() => request.refetch().then((result) => result.data)}
          />
          <FieldList groups={changeRequestFieldGroups(data)} />
          {data.kind === 'company-data' ? (
            <Part title="Fields asked to change">
              <ChangedSinceNotice request={data} />
              <RequestFieldsTable request={data} />
            </Part>
          ) : null}
          {data.status === 'approved' && data.applied && data.applied.length > 0 ? (
            <Part title="Written to the member">
              <AppliedValuesTable request={data} applied={data.applied} />
            </Part>
          ) : null}
        </Screen>
      )}
    </DetailScreen>
  );
}

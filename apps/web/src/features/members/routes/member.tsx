import { DetailScreen, useListSearch } from '@/components/detail/detail-screen';
import { historyTab } from '@/components/detail/history-tab';
import { DetailTabs } from '@/components/detail/detail-tabs';
import { formatDateTime } from '@ops/ui/format';
import { NotesOverview, NotesPanel } from '@/components/notes';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useMember, useMemberFollowChanges } from '../api/get-member';
import { MemberActions } from '../components/member-actions';
import { MemberEditForm } from '../components/member-edit-form';
import { LedgerTab } from '../components/ledger-tab';
import { categoryLabels, memberFieldLabels } from '../components/member-labels';
import { MemberOverview } from '../components/member-overview';
import { StatusBadge } from '../components/status-badge';
import { OrganisationSummary } from '@/components/organisation-summary';

/**
 * One member beside the members list: its fields and related records (Overview), the edit form
 * (Edit, for those allowed to edit), its audit trail (History), the status moves of its life
 * cycle, delete and restore. It follows changes made by anyone else as they happen.
 */
export function MemberRoute({ mid }: { mid: string }) {
  const member = useMember(mid);
  useMemberFollowChanges(mid);
  const canEdit = useCan('members.edit');
  const listSearch = useListSearch();
  const memberHref = (other: string) => `${paths.member.getHref({ mid: other })}${listSearch}`;
  return (
    <DetailScreen query={member} noun="member" recordId={{ label: 'Member id', value: mid }}>
      {(data) => {
        const isDeleted = data.deletedAt !== null;
        return (
          <Screen
            title={data.legalName}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                <OrganisationSummary of={data} category={categoryLabels[data.category]} />
                <StatusBadge status={data.status} />
              </span>
            }
          >
            {isDeleted ? (
              <div
                role="status"
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              >
                <p className="font-semibold">This member is deleted</p>
                <p>
                  Deleted {formatDateTime(data.deletedAt)}
                  {data.updatedBy ? ` by ${data.updatedBy}` : ''}. It is not in the lists or the
                  search; the History tab says why.{canEdit ? ' Restore brings it back.' : ''}
                </p>
              </div>
            ) : null}
            {canEdit ? <MemberActions member={data} /> : null}
            <DetailTabs
              label="Member"
              tabs={[
                {
                  id: 'overview',
                  label: 'Overview',
                  content: (
                    <div className="flex flex-col gap-5">
                      <MemberOverview member={data} memberHref={memberHref} />
                      <NotesOverview table="members" recordId={data.mid} />
                    </div>
                  ),
                },
                {
                  id: 'notes',
                  label: 'Notes',
                  content: <NotesPanel key={data.mid} table="members" recordId={data.mid} />,
                },
                {
                  id: 'ledger',
                  label: 'Ledger',
                  content: <LedgerTab member={data} />,
                },
                {
                  id: 'edit',
                  label: 'Edit',
                  isHidden: !canEdit || isDeleted,
                  content: (
                    // Keyed by member: another member's form starts from its own values.
                    <MemberEditForm
                      key={data.mid}
                      member={data}
                      onReload={() => member.refetch()}
                    />
                  ),
                },
                historyTab('members', data.mid, memberFieldLabels),
              ]}
            />
          </Screen>
        );
      }}
    </DetailScreen>
  );
}

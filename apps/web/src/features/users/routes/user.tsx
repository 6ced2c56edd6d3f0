import type { TUserDetail } from '@ops/contract';
import { DetailScreen } from '@/components/detail/detail-screen';
import { historyTab } from '@/components/detail/history-tab';
import { DetailTabs } from '@/components/detail/detail-tabs';
import { MemberLink } from '@/components/member-link';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { useUser, useUserFollowChanges } from '../api/get-user';
import { UserActions } from '../components/user-actions';
import { UserEditForm } from '../components/user-edit-form';
import { userFieldLabels } from '../components/user-labels';
import { UserOverview } from '../components/user-overview';

/**
 * One user beside the users list ('View profile' in the footer lands here): Overview, Edit
 * (for operators allowed users.manage) and History, with the actions above. A user who is an
 * operator is changed only by operators also allowed operators.manage, as the server checks.
 * It follows changes made by anyone else as they happen.
 */
export function UserRoute({ uid }: { uid: string }) {
  const user = useUser(uid);
  useUserFollowChanges(uid);
  const canManageUsers = useCan('users.manage');
  const canManageOperators = useCan('operators.manage');
  const canManage = (data: TUserDetail) =>
    canManageUsers && (data.operator?.active !== true || canManageOperators);
  return (
    <DetailScreen query={user} noun="user" missingDescription={`No user has the id ${uid}.`}>
      {(data) => (
        <Screen
          title={data.displayName ?? data.email}
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <span>{data.email}</span>
              {data.member ? (
                <>
                  <span aria-hidden="true">·</span>
                  <MemberLink mid={data.member.mid} name={data.member.legalName} />
                </>
              ) : null}
              {data.disabled ? (
                <span className="rounded-sm bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                  Disabled
                </span>
              ) : null}
              {data.operator?.active ? (
                <span className="rounded-sm bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-600/20 ring-inset">
                  Operator
                </span>
              ) : null}
            </span>
          }
        >
          {canManage(data) ? <UserActions user={data} /> : null}
          {canManageUsers && !canManage(data) ? (
            <p className="text-sm text-slate-600">
              This user is an operator: only an operator allowed to manage operators can change
              them.
            </p>
          ) : null}
          <DetailTabs
            label="User"
            tabs={[
              { id: 'overview', label: 'Overview', content: <UserOverview user={data} /> },
              {
                id: 'edit',
                label: 'Edit',
                isHidden: !canManage(data),
                content: (
                  <UserEditForm key={data.uid} user={data} onReload={() => user.refetch()} />
                ),
              },
              historyTab('users', data.uid, userFieldLabels),
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

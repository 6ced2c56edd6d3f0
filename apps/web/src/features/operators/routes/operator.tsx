import { Link } from 'react-router';
import { DetailScreen } from '@/components/detail/detail-screen';
import { DetailTabs } from '@/components/detail/detail-tabs';
import { FieldList } from '@/components/detail/field-list';
import { formatDateTime } from '@ops/ui/format';
import { RecordHistory } from '@/components/detail/record-history';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useOperator, useOperatorFollowChanges } from '../api/get-operator';
import { operatorFieldLabels, operatorRoleLabels } from '../components/operator-labels';
import { OperatorRolesForm } from '../components/operator-roles-form';
import { RevokeOperator } from '../components/revoke-operator';

/**
 * One operator beside the operators list: the user it belongs to, roles, access. Operators
 * allowed `operators.manage` change roles, revoke, or grant access again; others only read.
 */
export function OperatorRoute({ uid }: { uid: string }) {
  const operator = useOperator(uid);
  useOperatorFollowChanges(uid);
  const canManage = useCan('operators.manage');
  return (
    <DetailScreen
      query={operator}
      noun="operator"
      missingDescription={`The user ${uid} is not an operator.`}
    >
      {(data) => {
        const roles = data.roles.map((role) => operatorRoleLabels[role]).join(', ');
        return (
          <Screen
            title={data.displayName ?? data.email}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                <span>{data.active ? `Operator · ${roles}` : 'Operator access revoked'}</span>
                {data.isSelf ? (
                  <span className="text-xs font-semibold text-sky-800">You</span>
                ) : null}
              </span>
            }
          >
            {canManage && data.active ? <RevokeOperator operator={data} /> : null}
            <DetailTabs
              label="Operator"
              tabs={[
                {
                  id: 'overview',
                  label: 'Overview',
                  content: (
                    <FieldList
                      groups={[
                        {
                          title: 'User',
                          fields: [
                            {
                              label: 'E-mail',
                              value: (
                                <Link
                                  to={paths.user.getHref({ uid: data.uid })}
                                  className="font-medium text-sky-700 underline-offset-2 hover:underline"
                                >
                                  {data.email}
                                </Link>
                              ),
                              copyValue: data.email,
                              copyLabel: 'e-mail',
                            },
                            { label: 'Display name', value: data.displayName },
                            {
                              label: 'User id',
                              value: data.uid,
                              copyValue: data.uid,
                              copyLabel: 'user id',
                              isCode: true,
                            },
                            {
                              label: 'Account',
                              value: data.user.disabled ? 'Disabled' : 'Enabled',
                            },
                            {
                              label: 'Last sign-in',
                              value: data.user.lastSignInAt
                                ? formatDateTime(data.user.lastSignInAt)
                                : 'Never',
                            },
                          ],
                        },
                        {
                          title: 'Access',
                          fields: [
                            { label: 'Access', value: data.active ? 'Active' : 'Revoked' },
                            { label: 'Roles', value: roles },
                            {
                              label: 'Since',
                              value: `${formatDateTime(data.since)}${data.createdBy ? ` by ${data.createdBy}` : ''}`,
                            },
                            {
                              label: 'Last changed',
                              value: `${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`,
                            },
                          ],
                        },
                      ]}
                    />
                  ),
                },
                {
                  id: 'roles',
                  label: data.active ? 'Roles' : 'Grant again',
                  isHidden: !canManage,
                  content: (
                    <OperatorRolesForm
                      key={data.uid}
                      operator={data}
                      onReload={() => operator.refetch()}
                    />
                  ),
                },
                {
                  id: 'history',
                  label: 'History',
                  content: (
                    <RecordHistory
                      table="operators"
                      id={data.uid}
                      fieldLabels={operatorFieldLabels}
                    />
                  ),
                },
              ]}
            />
          </Screen>
        );
      }}
    </DetailScreen>
  );
}

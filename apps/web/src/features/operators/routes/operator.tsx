import { Link, useLocation } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Button } from '@/components/button';
import { DetailTabs } from '@/components/detail/detail-tabs';
import { FieldList } from '@/components/detail/field-list';
import { formatDateTime } from '@/components/detail/format';
import { RecordHistory } from '@/components/detail/record-history';
import { ErrorCard } from '@/components/error-card';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/permissions';
import { useOperator, useOperatorFollowChanges } from '../api/operators';
import { operatorFieldLabels, operatorRoleLabels } from '../components/operator-labels';
import { OperatorRolesForm } from '../components/operator-roles-form';
import { RevokeOperator } from '../components/revoke-operator';

function useListSearch(): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('tab');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One operator beside the operators list: the user it belongs to, roles, access. Operators
 * allowed `operators.manage` change roles, revoke, or grant access again; others only read.
 */
export function OperatorRoute({ uid }: { uid: string }) {
  const operator = useOperator(uid);
  useOperatorFollowChanges(uid);
  const canManage = useCan('operators.manage');
  const close = (
    <ActionLink to={`${paths.operators.getHref()}${useListSearch()}`} end>
      Close
    </ActionLink>
  );

  if (operator.isPending) {
    return (
      <Screen title="Operator" description="Loading the operator…" actions={close}>
        <p role="status" className="text-sm text-slate-600">
          Loading operator…
        </p>
      </Screen>
    );
  }
  if (operator.isError) {
    const isMissing = isApiError(operator.error, 'not-found');
    return (
      <Screen
        title={isMissing ? 'Operator not found' : 'Operator'}
        description={
          isMissing ? `The user ${uid} is not an operator.` : 'The operator could not be loaded.'
        }
        actions={close}
      >
        {isMissing ? null : (
          <ErrorCard message={getErrorMessage(operator.error)}>
            <Button
              variant="secondary"
              isBusy={operator.isFetching}
              onClick={() => void operator.refetch()}
            >
              {operator.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
          </ErrorCard>
        )}
      </Screen>
    );
  }

  const data = operator.data;
  const roles = data.roles.map((role) => operatorRoleLabels[role]).join(', ');
  return (
    <Screen
      title={data.displayName ?? data.email}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>{data.active ? `Operator · ${roles}` : 'Operator access revoked'}</span>
          {data.isSelf ? <span className="text-xs font-semibold text-sky-800">You</span> : null}
        </span>
      }
      actions={close}
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
                      { label: 'Account', value: data.user.disabled ? 'Disabled' : 'Enabled' },
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
                isReloading={operator.isFetching}
                onReload={() => operator.refetch()}
              />
            ),
          },
          {
            id: 'history',
            label: 'History',
            content: (
              <RecordHistory table="operators" id={data.uid} fieldLabels={operatorFieldLabels} />
            ),
          },
        ]}
      />
    </Screen>
  );
}

import type { TUserDetail } from '@ops/contract';
import { languageLabels } from '@ops/contract/values';
import { Link } from 'react-router';
import { FieldList } from '@/components/detail/field-list';
import { formatDateTime } from '@ops/ui/format';
import { paths } from '@/config/paths';
import { memberRoleLabels, signInMethodsText } from './user-labels';

const linkClass = 'font-medium text-sky-700 underline-offset-2 hover:underline';

const roleLabels: Record<string, string> = {
  admin: 'Admin',
  finance: 'Finance',
  membership: 'Membership',
  'read-only': 'Read-only',
};

/** The Overview tab: who the user is, where they belong, how they sign in, their sessions. */
export function UserOverview({ user }: { user: TUserDetail }) {
  return (
    <FieldList
      groups={[
        {
          title: 'Identity',
          fields: [
            { label: 'E-mail', value: user.email, copyValue: user.email, copyLabel: 'e-mail' },
            { label: 'Display name', value: user.displayName },
            {
              label: 'User id',
              value: user.uid,
              copyValue: user.uid,
              copyLabel: 'user id',
              isCode: true,
            },
            { label: 'Status', value: user.disabled ? 'Disabled: cannot sign in' : 'Enabled' },
          ],
        },
        {
          title: 'Member',
          fields: [
            {
              label: 'Member',
              value: user.member ? (
                <Link to={paths.member.getHref({ mid: user.member.mid })} className={linkClass}>
                  {user.member.legalName} ({user.member.number})
                </Link>
              ) : null,
            },
            {
              label: 'Role at member',
              value: user.memberRole ? memberRoleLabels[user.memberRole] : null,
            },
            // Issue 35: a group's person keeps further members' accounts in the portal.
            ...(user.groupMembers.length > 0
              ? [
                  {
                    label: 'Also a user of',
                    value: (
                      <ul className="space-y-1">
                        {user.groupMembers.map((link) => (
                          <li key={link.mid}>
                            <Link
                              to={paths.member.getHref({ mid: link.mid })}
                              className={linkClass}
                            >
                              {link.legalName} ({link.number})
                            </Link>{' '}
                            as {memberRoleLabels[link.role]}
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                ]
              : []),
            // Issue 17: the language of the e-mails the user receives.
            { label: 'Preferred language', value: languageLabels[user.preferredLanguage] },
          ],
        },
        {
          title: 'Sign-in',
          fields: [
            { label: 'Sign-in methods', value: signInMethodsText(user.signInMethods) },
            { label: 'Password set', value: user.hasPassword ? 'Yes' : 'No' },
            {
              label: 'Last sign-in',
              value: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never',
            },
            { label: 'Active sessions', value: String(user.sessions.activeCount) },
            {
              label: 'Last seen',
              value: user.sessions.lastSeenAt ? formatDateTime(user.sessions.lastSeenAt) : 'Never',
            },
          ],
        },
        {
          title: 'Operator',
          fields: [
            {
              label: 'Operator access',
              value: user.operator ? (
                <Link to={paths.operator.getHref({ uid: user.uid })} className={linkClass}>
                  {user.operator.active
                    ? `Active: ${user.operator.roles.map((role) => roleLabels[role] ?? role).join(', ')}`
                    : 'Revoked'}
                </Link>
              ) : (
                'None'
              ),
            },
          ],
        },
        {
          title: 'Record',
          fields: [
            {
              label: 'Created',
              value: `${formatDateTime(user.createdAt)}${user.createdBy ? ` by ${user.createdBy}` : ''}`,
            },
            {
              label: 'Last changed',
              value: `${formatDateTime(user.updatedAt)}${user.updatedBy ? ` by ${user.updatedBy}` : ''}`,
            },
          ],
        },
      ]}
    />
  );
}

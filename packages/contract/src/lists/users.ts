import { memberRoles } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The users list. Every sort has its index (migration 0011); the filter-only columns are no
 * sorts. The sign-in methods filter is the server's own condition (`usersListFor`).
 */
export const usersList = defineList({
  name: 'users',
  columns: {
    email: { type: 'text', sort: true, header: 'E-mail' },
    displayName: { type: 'text', sort: true, header: 'Display name' },
    member: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Member ids (mid), or "(empty)" for users of no member',
      references: 'member',
      header: 'Member',
      exportKey: 'memberName',
    },
    memberMid: { header: 'Member id' },
    role: {
      type: 'text',
      filter: true,
      values: memberRoles,
      description: 'Roles at the member: "owner,admin,staff", or "(empty)"',
      header: 'Role at member',
      exportKey: 'memberRole',
    },
    signInMethods: {
      type: 'text',
      filter: true,
      description:
        'Users having any of these sign-in methods: "password,emailLink,microsoft", or "(empty)"',
      header: 'Sign-in methods',
    },
    lastSignIn: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of days (UTC), e.g. "2025-01-01..2025-03-31", or "(empty)" for never',
      header: 'Last sign-in (UTC)',
      exportKey: 'lastSignInAt',
    },
    disabled: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description: '"true" (disabled) or "false" (may sign in)',
      header: 'Disabled',
    },
    isOperator: { header: 'Operator' },
    created: { type: 'text', sort: true, header: 'Created (UTC)', exportKey: 'createdAt' },
    uid: { header: 'Id' },
  },
  defaultSort: 'email',
});

import { z } from 'zod';
import { signInMethods } from './auth';
import { ZBulkUndoHandle } from './bulk-edit';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listFilterFields, listSortFields } from './list-definition';
import { usersList } from './lists/index';
import { operatorRoles } from './permissions';
import { languages, memberRoles } from './enumerations';
import { languageSchema } from './languages';

export { memberRoles };

export type TMemberRole = (typeof memberRoles)[number];

/** The columns the users list can be sorted by (the id breaks ties). */
export const userListSorts = listSortFields(usersList);

/** The column filters the users list takes (query parameters of the same names). */
export const userListFilters = listFilterFields(usersList);

const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');

export const ZUserListItem = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    memberMid: z.string().nullable(),
    memberName: z.string().nullable().describe("The member's legal name"),
    memberRole: z.enum(memberRoles).nullable(),
    signInMethods: z.array(z.string()).describe('Methods the user has signed in with or set up'),
    lastSignInAt: ZIsoTime.nullable(),
    disabled: z.boolean(),
    isOperator: z.boolean().describe('Holds an active operator record'),
    createdAt: ZIsoTime,
    // The fields its columns declare (lists/users.ts).
    ...listItemFields(usersList),
  })
  .describe('A row of the users list');
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const ZUsersListQuery = listQuerySchema(usersList);
export type TUsersListQuery = z.infer<typeof ZUsersListQuery>;

export const ZUsersListPage = listPageOf(ZUserListItem).describe('A page of users');
export type TUsersListPage = z.infer<typeof ZUsersListPage>;

export const ZUserDetail = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
    member: z
      .object({
        mid: z.string(),
        number: z.string(),
        legalName: z.string(),
        status: z.string(),
      })
      .nullable()
      .describe('The member the user belongs to'),
    memberRole: z.enum(memberRoles).nullable(),
    groupMembers: z
      .array(
        z.object({
          mid: z.string(),
          number: z.string(),
          legalName: z.string(),
          role: z.enum(memberRoles),
        }),
      )
      .describe(
        "Further members whose accounts the user keeps in the portal (a group), each joined by its owners' or admins' invitation",
      ),
    preferredLanguage: z
      .enum(languages)
      .describe('Language of the e-mails the user receives (issue 17): en, fr, de or es'),
    signInMethods: z.array(z.string()),
    hasPassword: z.boolean(),
    lastSignInAt: ZIsoTime.nullable(),
    disabled: z.boolean(),
    sessions: z
      .object({
        activeCount: z.number().int().describe('Sessions that are still valid now'),
        lastSeenAt: ZIsoTime.nullable().describe('The latest activity of any session'),
      })
      .describe("The user's console sessions"),
    operator: z
      .object({ roles: z.array(z.enum(operatorRoles)), active: z.boolean() })
      .nullable()
      .describe('The operator record of this user, active or revoked; null when never granted'),
    version: z.number().int().describe('Send it back with an edit (optimistic concurrency)'),
    createdAt: ZIsoTime,
    createdBy: z.string().nullable(),
    updatedAt: ZIsoTime,
    updatedBy: z.string().nullable(),
  })
  .describe('One user');
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserParams = z.object({ uid: z.string().min(1).max(64).describe('User id') });

/** The version the client read, for the optimistic concurrency check. */
const ZVersion = z.number().int().min(1).describe('The version the client read');

export const ZUpdateUserRequest = z
  .object({
    version: ZVersion,
    displayName: z
      .string()
      .trim()
      .max(200, 'at most 200 characters')
      .nullable()
      .optional()
      .describe('Empty or null removes it'),
    memberMid: z
      .string()
      .trim()
      .max(64)
      .nullable()
      .optional()
      .describe('The member the user belongs to; null for none'),
    memberRole: z
      .enum(memberRoles)
      .nullable()
      .optional()
      .describe('Required when the user belongs to a member'),
    preferredLanguage: languageSchema
      .optional()
      .describe('Language of the e-mails the user receives: en, fr, de or es'),
  })
  .describe('Changes to a user; fields left out stay as they are');
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

export const ZUserActionRequest = z
  .object({ version: ZVersion.optional() })
  .describe('Optionally the version the client read: the action is refused if it changed');
export type TUserActionRequest = z.infer<typeof ZUserActionRequest>;

export const ZSendUserSignInLinkResponse = z
  .object({
    sentTo: z.string().describe('The address the link goes to'),
    eid: z.string().describe('The queued e-mail'),
  })
  .describe('The sign-in link was queued for delivery (the link itself is never returned)');
export type TSendUserSignInLinkResponse = z.infer<typeof ZSendUserSignInLinkResponse>;

export const ZEndUserSessionsResponse = z
  .object({ ended: z.number().int().describe('Sessions that were ended') })
  .describe('Every session of the user ended');
export type TEndUserSessionsResponse = z.infer<typeof ZEndUserSessionsResponse>;

/** Which rows a bulk action applies to: chosen ids, or every row a list view matches. */
export const ZUserBulkSelection = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(z.string().min(1).max(64)).min(1).max(1000) }),
    z.object({
      kind: z.literal('all'),
      listParams: z.string().max(4000).describe("The list's query string: q, sort and filters"),
    }),
  ])
  .describe('The selected rows, or all rows matching a list view');
export type TUserBulkSelection = z.infer<typeof ZUserBulkSelection>;

export const ZBulkSetUsersDisabledRequest = z
  .object({
    selection: ZUserBulkSelection,
    disabled: z.boolean().describe('true disables, false enables'),
  })
  .describe('Disable or enable many users');
export type TBulkSetUsersDisabledRequest = z.infer<typeof ZBulkSetUsersDisabledRequest>;

export const ZUserBulkResult = z
  .object({
    changed: z.number().int().describe('Records changed'),
    unchanged: z.number().int().describe('Records already in that state'),
    refused: z
      .array(z.object({ id: z.string(), reason: z.string() }))
      .describe('Records a rule kept unchanged, with the reason'),
    undo: ZBulkUndoHandle.nullable().describe(
      'How to undo it (issue 19): enables or disables the users again; sessions ended stay ended',
    ),
  })
  .describe('The outcome of a bulk action');
export type TUserBulkResult = z.infer<typeof ZUserBulkResult>;

export { signInMethods as userSignInMethods };

import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { operatorsList } from './lists/index';
import { operatorRoles } from './permissions';

/** The columns the operators list can be sorted by (the id breaks ties). */
export const operatorListSorts = listSortFields(operatorsList);

/** Rules the operator administration enforces; a refusal (400) names the one it broke. */
export const operatorRules = {
  /** An operator cannot revoke their own access. */
  notSelf: 'not-self',
  /** The last active admin can neither be revoked nor lose the admin role. */
  lastAdmin: 'last-admin',
  /** 'read-only' is a role of its own: it cannot be combined with another. */
  readOnlyAlone: 'read-only-alone',
  /** Granting access to a user who already holds it. */
  alreadyOperator: 'already-operator',
  /** Only an active operator can be revoked or have their roles changed. */
  inactive: 'inactive',
  /** A disabled or deleted user cannot be granted access. */
  userUnavailable: 'user-unavailable',
} as const;

const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');

const ZRoles = z
  .array(z.enum(operatorRoles))
  .min(1, 'choose at least one role')
  .max(operatorRoles.length)
  .refine((roles) => new Set(roles).size === roles.length, 'a role is named twice')
  .describe('admin, finance, membership, read-only (read-only alone)');

export const ZOperatorListItem = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    roles: z.array(z.enum(operatorRoles)),
    active: z.boolean().describe('false once access was revoked'),
    since: ZIsoTime.describe('When access was first granted'),
    userDisabled: z.boolean().describe("The operator's user account is disabled"),
    // The fields its columns declare (lists/operators.ts).
    ...listItemFields(operatorsList),
  })
  .describe('A row of the operators list');
export type TOperatorListItem = z.infer<typeof ZOperatorListItem>;

export const ZOperatorsListQuery = listQuerySchema(operatorsList);
export type TOperatorsListQuery = z.infer<typeof ZOperatorsListQuery>;

export const ZOperatorsListPage = listPageOf(ZOperatorListItem).describe('A page of operators');
export type TOperatorsListPage = z.infer<typeof ZOperatorsListPage>;

export const ZOperatorDetail = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    roles: z.array(z.enum(operatorRoles)),
    active: z.boolean(),
    since: ZIsoTime,
    user: z
      .object({
        disabled: z.boolean(),
        lastSignInAt: ZIsoTime.nullable(),
      })
      .describe('The user account the operator signs in with'),
    isSelf: z.boolean().describe('This is the signed-in operator'),
    version: z.number().int().describe('Send it back with a change (optimistic concurrency)'),
    createdBy: z.string().nullable(),
    updatedAt: ZIsoTime,
    updatedBy: z.string().nullable(),
  })
  .describe('One operator');
export type TOperatorDetail = z.infer<typeof ZOperatorDetail>;

export const ZOperatorParams = z.object({ uid: z.string().min(1).max(64).describe('User id') });

export const ZGrantOperatorRequest = z
  .object({
    uid: z.string().min(1).max(64).describe('The user who becomes an operator'),
    roles: ZRoles,
  })
  .describe('Grant operator access to a user (again, after a revocation)');
export type TGrantOperatorRequest = z.infer<typeof ZGrantOperatorRequest>;

export const ZUpdateOperatorRolesRequest = z
  .object({
    version: z.number().int().min(1).describe('The version the client read'),
    roles: ZRoles,
  })
  .describe("Change an operator's roles");
export type TUpdateOperatorRolesRequest = z.infer<typeof ZUpdateOperatorRolesRequest>;

export const ZRevokeOperatorRequest = z
  .object({ version: z.number().int().min(1).describe('The version the client read') })
  .describe('Revoke operator access (the user account stays)');
export type TRevokeOperatorRequest = z.infer<typeof ZRevokeOperatorRequest>;

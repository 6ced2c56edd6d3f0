import {
  can,
  permissionDeniedMessage,
  type OperatorAction,
  type OperatorRole,
} from '@ops/contract';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { requireSession } from '../http/access';

/**
 * Who asks: the operator (their uid, for "own" and for the audit entries) and their roles. The
 * route checks `workspace.personal`; what a view allows beyond (sharing, another operator's
 * shared view) depends on the view, so the services decide it with the roles.
 */
export type Caller = { uid: string; roles: readonly OperatorRole[]; actor: OperatorActor };

export function callerOf(request: FastifyRequest): Caller {
  const session = requireSession(request);
  const uid = session.user.uid;
  return { uid, roles: session.roles, actor: { kind: 'operator', uid } };
}

/** The 403 of an action the caller's roles lack, worded as every route's (`requirePermission`). */
export function requireAction(caller: Caller, action: OperatorAction): void {
  if (!can(caller.roles, action)) {
    throw new AppError('permission-denied', permissionDeniedMessage(action));
  }
}

type ViewAccessRow = Pick<Selectable<Database['saved_views']>, 'owner_uid' | 'is_shared'>;

/** The caller sees the view: their own, or one shared with every operator. */
export function canSee(caller: Caller, view: ViewAccessRow): boolean {
  return view.owner_uid === caller.uid || view.is_shared;
}

/**
 * The action a change of the view needs beyond `workspace.personal`, or null: an own personal
 * view needs none; an own shared view needs `views.share` (whoever shares a view answers for
 * it); another operator's shared view needs `views.manage-shared` (admins).
 */
export function actionToEdit(caller: Caller, view: ViewAccessRow): OperatorAction | null {
  if (view.owner_uid !== caller.uid) return 'views.manage-shared';
  return view.is_shared ? 'views.share' : null;
}

/** The caller may rename, update and delete the view (the `canEdit` the screens read). */
export function canEdit(caller: Caller, view: ViewAccessRow): boolean {
  if (!canSee(caller, view)) return false;
  const action = actionToEdit(caller, view);
  return action === null || can(caller.roles, action);
}

/**
 * A change of a view: 404 for a view the caller cannot see (another operator's personal view
 * is not even said to exist), 403 naming the action their roles lack.
 */
export function requireEdit(caller: Caller, id: string, view: ViewAccessRow): void {
  if (!canSee(caller, view)) throw recordNotFound('saved_views', id);
  const action = actionToEdit(caller, view);
  if (action !== null) requireAction(caller, action);
}

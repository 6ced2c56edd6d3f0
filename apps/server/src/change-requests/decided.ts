import { badInput } from '../errors';
import type { ChangeRequestRow } from './request-view';

/** A request is decided once: approving or declining it again is a 400 naming why. */
export function refuseDecided(request: Pick<ChangeRequestRow, 'status'>): void {
  if (request.status === 'pending') return;
  throw badInput('params.id', 'status', `The change request is ${request.status} already.`);
}

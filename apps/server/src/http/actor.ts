import type { FastifyRequest } from 'fastify';
import type { OperatorActor } from '../db/audit';
import { requireSession } from './access';

/** The operator a console request acts as, for services and their audit entries. */
export function operatorActor(request: FastifyRequest): OperatorActor {
  return { kind: 'operator', uid: requireSession(request).user.uid };
}

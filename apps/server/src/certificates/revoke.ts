import type { TRevokeCertificateRequest } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord, type RecordRow } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';

/** What the audit trail keeps of a revocation: the status, the reason and the version. */
function revocationView(row: Record<string, unknown>) {
  return {
    status: row.status,
    revocation_reason: row.revocation_reason,
    version: row.version,
  };
}

/**
 * Revokes an issued certificate with a reason (kept on the record, never shown publicly: the
 * verification page only says it is no longer valid). Checks the version the operator read.
 */
export async function revokeCertificate(
  db: Kysely<Database>,
  actor: Actor,
  cid: string,
  request: TRevokeCertificateRequest,
): Promise<void> {
  await writeTransaction(db, (trx) => revokeCertificateIn(trx, actor, cid, request));
}

/**
 * The revocation in the caller's transaction (a credit note that revokes a paid membership
 * year does it with its own reason). The version is checked when given.
 */
export async function revokeCertificateIn(
  trx: Transaction<Database>,
  actor: Actor,
  cid: string,
  request: { reason: string; version?: number },
): Promise<RecordRow<'certificates'>> {
  const current = await lockRecord(trx, 'certificates', cid, { version: request.version });
  if (current.status !== 'issued') {
    throw badInput(
      'body.status',
      'transition',
      `Certificate ${current.number} is ${current.status}; only an issued certificate can be revoked.`,
    );
  }
  return updateRecord(
    trx,
    actor,
    'certificates',
    current,
    { status: 'revoked', revocation_reason: request.reason },
    { action: 'revoke', view: revocationView },
  );
}

import type { TRevokeCertificateRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { changedSinceOpened } from '../db/versioned-write';
import { AppError, badInput } from '../errors';

/** The version conflict message: who changed the certificate, and when (UTC, to the minute). */
function changedMeanwhile(current: {
  number: string;
  updated_at: Date;
  updated_by: string | null;
  email: string | null;
}): AppError {
  const who = current.email ?? current.updated_by ?? 'the system';
  return changedSinceOpened(`Certificate ${current.number}`, who, current.updated_at);
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
  await writeTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('certificates as c')
      .leftJoin('users as u', 'u.uid', 'c.updated_by')
      .select([
        'c.cid',
        'c.number',
        'c.status',
        'c.version',
        'c.revocation_reason',
        'c.updated_at',
        'c.updated_by',
        'u.email',
      ])
      .where('c.cid', '=', cid)
      .executeTakeFirst();
    if (!current) throw new AppError('not-found', `There is no certificate ${cid}.`);
    if (current.version !== request.version) {
      throw changedMeanwhile(current);
    }
    if (current.status !== 'issued') {
      throw badInput(
        'body.status',
        'transition',
        `Certificate ${current.number} is ${current.status}; only an issued certificate can be revoked.`,
      );
    }
    const updated = await trx
      .updateTable('certificates')
      .set({
        status: 'revoked',
        revocation_reason: request.reason,
        version: current.version + 1,
        updated_at: new Date(),
        updated_by: actor.uid,
      })
      .where('cid', '=', cid)
      .where('version', '=', request.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(current);
    await recordAudit(trx, actor, {
      table: 'certificates',
      recordId: cid,
      action: 'revoke',
      before: {
        status: current.status,
        revocation_reason: current.revocation_reason,
        version: current.version,
      },
      after: { status: 'revoked', revocation_reason: request.reason, version: current.version + 1 },
    });
  });
}

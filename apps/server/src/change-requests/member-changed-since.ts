import { sql, type Transaction } from 'kysely';
import { describeWriter } from '../db/records';
import type { Database } from '../db/schema';
import { readableTime } from '../db/versioned-write';
import { AppError } from '../errors';
import { companyColumns, fieldWords } from './company-fields';

const fieldOfColumn = new Map<string, string>(
  Object.entries(companyColumns).map(([field, column]) => [column, field]),
);

/**
 * The 409 of an approval when the member moved on since the operator looked at the request:
 * who changed the member and which of its fields, from the member's audit entries after the
 * version the operator saw ("changed by anna@… at 10:02 (city, phone)").
 */
export async function memberChangedSince(
  trx: Transaction<Database>,
  member: { mid: string; number: string; legal_name: string },
  seenVersion: number,
): Promise<AppError> {
  const entries = await trx
    .selectFrom('audit_log')
    .select(['at', 'actor_uid', 'actor_kind', 'before', 'after'])
    .where('table_name', '=', 'members')
    .where('record_id', '=', member.mid)
    .where(sql<number>`(after ->> 'version')::int`, '>', seenVersion)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const changes: string[] = [];
  for (const entry of entries) {
    const columns = Object.keys(entry.after ?? {}).filter(
      (column) =>
        JSON.stringify(entry.before?.[column] ?? null) !==
        JSON.stringify(entry.after?.[column] ?? null),
    );
    const fields = columns.flatMap((column) => fieldOfColumn.get(column) ?? []);
    const who =
      (await describeWriter(trx, entry.actor_uid)) ??
      (entry.actor_kind === 'user' ? 'a user in the member portal' : entry.actor_kind);
    const what = fields.length > 0 ? fieldWords(fields) : 'other fields';
    changes.push(`by ${who} at ${readableTime(entry.at)} (${what})`);
  }
  const label = `Member ${member.number} (${member.legal_name})`;
  return new AppError(
    'aborted',
    `${label} was changed since you opened this request: ${changes.join('; ') || 'by someone'}. Review its current values, then approve again.`,
  );
}

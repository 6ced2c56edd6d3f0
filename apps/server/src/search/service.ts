import {
  searchDocumentTypes,
  type SearchDocumentType,
  type TSearchIndexStats,
  type TSearchTask,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import type { SearchTaskRow } from './rebuild';

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function toSearchTask(row: SearchTaskRow): TSearchTask {
  const perType = typeof row.per_type === 'string' ? JSON.parse(row.per_type) : row.per_type;
  return {
    uid: Number(row.uid),
    index: row.index_name,
    kind: row.kind,
    status: row.status,
    requestedBy: row.requested_by,
    processed: row.processed,
    total: row.total,
    perType: perType as Partial<Record<SearchDocumentType, number>>,
    error: row.error,
    enqueuedAt: new Date(row.enqueued_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.duration_ms,
  };
}

/** The search indexes screen: documents per type, the last rebuild and the one running. */
export async function getSearchIndexStats(
  db: Kysely<Database>,
  index: string,
): Promise<TSearchIndexStats> {
  const [counts, lastRebuild, currentTask] = await Promise.all([
    db
      .selectFrom('search_documents')
      .select((eb) => [
        'type',
        eb.fn.countAll<string>().as('documents'),
        eb.fn.max('updated_at').as('last_updated_at'),
      ])
      .groupBy('type')
      .execute(),
    db
      .selectFrom('search_tasks')
      .selectAll()
      .where('index_name', '=', index)
      .where('status', 'in', ['succeeded', 'failed'])
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('search_tasks')
      .selectAll()
      .where('index_name', '=', index)
      .where('status', 'in', ['enqueued', 'processing'])
      .executeTakeFirst(),
  ]);
  const types = searchDocumentTypes.map((type) => {
    const row = counts.find((count) => count.type === type);
    return {
      type,
      documents: Number(row?.documents ?? 0),
      lastUpdatedAt: iso(row?.last_updated_at ?? null),
    };
  });
  const lastUpdated = types
    .map((type) => type.lastUpdatedAt)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  return {
    index,
    documents: types.reduce((sum, type) => sum + type.documents, 0),
    lastUpdatedAt: lastUpdated ?? null,
    types,
    lastRebuild: lastRebuild ? toSearchTask(lastRebuild) : null,
    currentTask: currentTask ? toSearchTask(currentTask) : null,
  };
}

export async function getSearchTask(db: Kysely<Database>, uid: number): Promise<TSearchTask> {
  const row = await db
    .selectFrom('search_tasks')
    .selectAll()
    .where('uid', '=', String(uid))
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `There is no search task ${uid}.`);
  return toSearchTask(row);
}

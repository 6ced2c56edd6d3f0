import type { TDataExportCounts } from '@ops/contract';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import { downloadDataExport, requestDataExport } from '../data-exports';
import type { Logger } from '../logger';
import { awaitJob } from './jobs';

/** A member number the CLI does not know, or an export that did not end ready: exit code 2. */
export class DataExportRefused extends Error {}

export type CliDataExport = {
  file: string;
  sizeBytes: number;
  counts: TDataExportCounts | null;
  seconds: number;
};

/**
 * `npm run ops -- members export-data <number>`: the portal's "Download our data" for a script,
 * through the same request and job (a running server's runner makes it, else this process runs
 * one, as `jobs run` does), with the documents written so far on stderr once a second, and the
 * ZIP saved where asked. Audited as the CLI, in the member's history like the portal's.
 */
export async function exportMemberDataFromCli(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  memberNumber: string,
  out: string | undefined,
): Promise<CliDataExport> {
  const startedAt = performance.now();
  const { db } = database;
  const member = await db
    .selectFrom('members')
    .select(['mid', 'number'])
    .where('number', '=', memberNumber)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!member) throw new DataExportRefused(`No member has the number ${memberNumber}.`);
  const requested = await requestDataExport(db, member.mid, cliActor);
  const run = await db
    .selectFrom('member_data_exports as e')
    .innerJoin('job_runs as r', 'r.id', 'e.job_run_id')
    .select('r.job_id')
    .where('e.id', '=', requested.id)
    .executeTakeFirstOrThrow();
  const shown = setInterval(() => {
    void db
      .selectFrom('member_data_exports')
      .select(['done', 'total'])
      .where('id', '=', requested.id)
      .executeTakeFirst()
      .then((row) => {
        if (row && row.total > 0) process.stderr.write(`${row.done} of ${row.total} documents\n`);
      });
  }, 1000);
  try {
    await awaitJob(database, config, logger, String(run.job_id));
  } finally {
    clearInterval(shown);
  }
  const made = await db
    .selectFrom('member_data_exports')
    .select(['state', 'counts'])
    .where('id', '=', requested.id)
    .executeTakeFirstOrThrow();
  if (made.state !== 'ready') {
    throw new DataExportRefused(`The export of ${memberNumber} ended ${made.state}.`);
  }
  const archive = await downloadDataExport(db, member.mid, requested.id, cliActor);
  const file = path.resolve(out ?? archive.fileName);
  await writeFile(file, archive.content);
  return {
    file,
    sizeBytes: archive.content.length,
    counts: (made.counts as TDataExportCounts | null) ?? null,
    seconds: Math.round((performance.now() - startedAt) / 100) / 10,
  };
}

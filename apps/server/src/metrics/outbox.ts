import { sql, type Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database, EmailState } from '../db/schema';
import type { Logger } from '../logger';

/** The outbox is counted at most this often; scrapes in between get the last figures. */
const refreshMs = 15_000;

const states: readonly EmailState[] = ['PENDING', 'PROCESSING', 'RETRY', 'SUCCESS', 'ERROR'];

/**
 * E-mails by state, cheap at a million e-mails: the states still moving (PENDING, PROCESSING,
 * RETRY) are counted through the index on (state, eid), which holds only as many entries as
 * e-mails are waiting; the settled ones (SUCCESS, ERROR), nearly all of the table, are summed
 * from the reports' summary (`report_counts`, fact `email`, one row per day and state), which
 * triggers keep current. Counted at most every 15 s, since a backlog of a large run can be big.
 */
export function outboxMetrics(registry: Registry, db: Kysely<Database>, logger: Logger): void {
  let countedAt = -Infinity; // performance.now() starts near 0: the first scrape counts
  new Gauge({
    name: 'operations_email_outbox',
    help: 'E-mails in the outbox by state (PENDING, PROCESSING, RETRY, SUCCESS, ERROR), all instances; refreshed at most every 15 s.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      if (performance.now() - countedAt < refreshMs) return;
      try {
        const { rows } = await sql<{ state: EmailState; n: string }>`
          SELECT state, count(*) AS n FROM emails
           WHERE state IN ('PENDING', 'PROCESSING', 'RETRY') GROUP BY state
          UNION ALL
          SELECT detail, sum(n) FROM report_counts
           WHERE fact = 'email' AND detail IN ('SUCCESS', 'ERROR') GROUP BY detail`.execute(db);
        countedAt = performance.now();
        for (const state of states) {
          this.set({ state }, Number(rows.find((row) => row.state === state)?.n ?? 0));
        }
      } catch (error) {
        countedAt = -Infinity;
        this.reset();
        logger.debug({ err: error }, 'metrics: outbox not counted');
      }
    },
  });
}

import { createHash } from 'node:crypto';
import type pg from 'pg';
import { buildSwissIban } from '../lib/iban';

/**
 * Demo money (issue 16), derived set-based from the invoices already loaded, so that a newcomer
 * finds every part of the money loop filled in:
 * - an earlier camt.054 of the CHF account, imported and booked: bank payments of last year's
 *   membership invoices of members who now owe this year's, with the payers' IBANs, so that the
 *   sample file's payment without a reference is recognised by its payer (rule 3);
 * - a few partially paid invoices (half received by bank), two invoices paid twice (the second
 *   payment is the member's credit), one issued invoice credited in full and one paid invoice
 *   credited in part (member credit).
 * Rows are picked by an md5 of their id, so the same seed gives the same money. Paid invoices
 * already have their payment: the database adds it (migration 0026).
 */

/** Members of the earlier statement: their IBAN is known from it. */
const knownPayerCount = 12;

/** The payer's account of a demo member: a Swiss IBAN derived from its number. */
export function demoPayerIban(memberNumber: string): string {
  const digits = createHash('md5').update(memberNumber).digest('hex').replace(/\D/g, '');
  return buildSwissIban('00700', digits.slice(0, 12).padEnd(12, '7'));
}

/** The bank's reference of a demo payment: stable per invoice. */
export function demoBankReference(iid: string): string {
  return `DEMO${createHash('md5').update(iid).digest('hex').slice(0, 16).toUpperCase()}`;
}

/**
 * The demo's earlier statement: its message and statement ids and its day, 20 February of the
 * demo's current year, before any reference day of that year (`demoCalendar`). The sample file
 * follows it.
 */
export function demoEarlierStatement(currentYear: number) {
  const day = `${currentYear}-02-20`;
  return { messageId: `DEMO-CAMT054-${day}`, statementId: `DEMO-NTFCTN-${day}`, day } as const;
}

type Picked = { iid: string; number: string; member_mid: string; member_number: string };

export async function insertDemoMoneyRows(
  client: pg.PoolClient,
  currentYear: number,
): Promise<{ bankEntries: number; partial: number; overpaid: number; creditNotes: number }> {
  const account = await client.query<{ id: string; iban: string; qr_iban: string | null }>(
    `SELECT id, iban, qr_iban FROM bank_accounts WHERE currency = 'CHF' AND active
      ORDER BY is_default DESC, label LIMIT 1`,
  );
  const chf = account.rows[0];
  if (!chf) return { bankEntries: 0, partial: 0, overpaid: 0, creditNotes: 0 };

  // Last year's bank-paid membership invoices of members with an open invoice this year.
  const known = await client.query<Picked & { total_minor: string; paid_at: Date }>(
    `SELECT i.iid, i.number, i.member_mid, m.number AS member_number, i.total_minor, i.paid_at
       FROM invoices i JOIN members m ON m.mid = i.member_mid
      WHERE i.year = $1 - 1 AND i.kind = 'membership' AND i.status = 'paid'
        AND i.currency = 'CHF' AND i.paid_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM invoices o WHERE o.member_mid = i.member_mid
                       AND o.year = $1 AND o.status = 'issued' AND o.currency = 'CHF')
      ORDER BY md5(i.iid) LIMIT $2`,
    [currentYear, knownPayerCount],
  );
  let bankEntries = 0;
  const earlier = demoEarlierStatement(currentYear);
  if (known.rows.length > 0) {
    const bsid = `demo-${createHash('md5').update(earlier.messageId).digest('hex').slice(0, 16)}`;
    const total = known.rows.reduce((sum, row) => sum + Number(row.total_minor), 0);
    await client.query(
      `INSERT INTO bank_statements (bsid, bank_account_id, account_iban, message_kind,
         message_version, message_id, statement_id, file_name, file_sha256, created_at_bank,
         from_date, to_date, currency, entries, credits, booked, credited_minor, imported_at)
       VALUES ($1, $2, $3, 'camt.054', '001.08', $4, $5, $9,
         encode(sha256(convert_to($4::text, 'UTF8')), 'hex'), $6::date + time '17:00', $6, $6, 'CHF', $7, $7, $7,
         $8, $6::date + time '18:00')`,
      [
        bsid,
        chf.id,
        chf.qr_iban ?? chf.iban,
        earlier.messageId,
        earlier.statementId,
        earlier.day,
        known.rows.length,
        total,
        `camt054-${earlier.day}.xml`,
      ],
    );
    const rows = known.rows.map((row, index) => ({
      beid: `${bsid}-${index + 1}`,
      position: index + 1,
      reference: demoBankReference(row.iid),
      iban: demoPayerIban(row.member_number),
      ...row,
    }));
    await client.query(
      `INSERT INTO bank_entries (beid, statement_bsid, bank_account_id, entry_position,
         transaction_position, identity, direction, amount_minor, currency, booking_date,
         value_date, account_servicer_reference, structured_reference, payer_name, payer_iban,
         state, outcome, invoice_iid, member_mid, match_rule, match_reason, movement_id)
       SELECT r.beid, $1, $2, 1, r.position, 'tx:' || r.reference, 'credit', i.total_minor, 'CHF', $3, $3,
              r.reference, i.payment_reference, m.legal_name, r.iban, 'booked', 'paid', i.iid,
              i.member_mid, 'qr-reference', 'QR reference', 'paid-' || i.iid
         FROM jsonb_to_recordset($4::jsonb) AS r(beid text, position int, reference text,
                                                 iban text, iid text)
         JOIN invoices i ON i.iid = r.iid JOIN members m ON m.mid = i.member_mid`,
      [bsid, chf.id, earlier.day, JSON.stringify(rows)],
    );
    // Their payments came through this statement (the database added them as recorded).
    await client.query(
      `UPDATE money_movements mm SET source = 'bank', method = 'bank-transfer',
              bank_entry_id = e.beid, reason = 'QR reference', reference = e.account_servicer_reference
         FROM bank_entries e WHERE e.statement_bsid = $1 AND mm.id = e.movement_id`,
      [bsid],
    );
    bankEntries = rows.length;
  }

  // Half received on a few of this year's open invoices (not those of the known payers).
  const partial = await client.query(
    `WITH picked AS (
       SELECT i.iid, i.total_minor / 2 AS half, i.member_mid, i.currency, i.issue_date
         FROM invoices i
        WHERE i.year = $1 AND i.status = 'issued' AND i.total_minor > 0
          AND i.member_mid <> ALL($2::text[])
        ORDER BY md5('partial' || i.iid) LIMIT 4),
     paid AS (
       INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, method, source,
                                    booked_on, amount_minor, settles_minor, reference, reason)
       SELECT 'demo-partial-' || iid, member_mid, iid, currency, 'payment', 'bank-transfer', 'bank',
              issue_date + 20, half, half, 'DEMO-PARTIAL', 'QR reference'
         FROM picked RETURNING invoice_iid, settles_minor)
     UPDATE invoices i SET paid_minor = i.paid_minor + p.settles_minor
       FROM paid p WHERE i.iid = p.invoice_iid`,
    [currentYear, known.rows.map((row) => row.member_mid)],
  );

  // Paid twice: the second payment is the member's credit.
  const overpaid = await client.query(
    `WITH picked AS (
       SELECT i.iid, i.member_mid, i.currency, (i.paid_at AT TIME ZONE 'Europe/Zurich')::date AS day
         FROM invoices i
        WHERE i.year = $1 AND i.status = 'paid' AND i.paid_method = 'bank-transfer'
          AND i.paid_at IS NOT NULL
        ORDER BY md5('twice' || i.iid) LIMIT 2),
     paid AS (
       INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, method, source,
                                    booked_on, amount_minor, settles_minor, credit_minor,
                                    reference, reason)
       SELECT 'demo-twice-' || iid, member_mid, iid, currency, 'payment', 'bank-transfer', 'bank',
              day + 3, 5000, 0, 5000, 'DEMO-SECOND', 'second payment of a paid invoice'
         FROM picked RETURNING invoice_iid, amount_minor)
     UPDATE invoices i SET paid_amount_minor = i.paid_amount_minor + p.amount_minor
       FROM paid p WHERE i.iid = p.invoice_iid`,
    [currentYear],
  );

  const creditNotes = await insertDemoCreditNotes(client, currentYear);
  return {
    bankEntries,
    partial: partial.rowCount ?? 0,
    overpaid: overpaid.rowCount ?? 0,
    creditNotes,
  };
}

/**
 * Two credit notes of the current year's series: last year's open "other" or membership invoice
 * credited in full (it becomes credited), and a paid invoice credited by its first line (the
 * member's credit).
 */
async function insertDemoCreditNotes(client: pg.PoolClient, currentYear: number) {
  const picked = await client.query<{
    iid: string;
    member_mid: string;
    currency: string;
    total_minor: string;
    lines: {
      description: string;
      quantity: number;
      unitAmountMinor: number;
      vatRate: number | null;
    }[];
    status: 'issued' | 'paid';
    kind: string;
  }>(
    `(SELECT iid, member_mid, currency, total_minor, lines, status, kind FROM invoices
       WHERE year = $1 - 1 AND status = 'issued' AND vat_minor = 0 AND donation_minor = 0
         AND paid_minor = 0 AND total_minor > 0
       ORDER BY md5('credit' || iid) LIMIT 1)
     UNION ALL
     (SELECT iid, member_mid, currency, total_minor, lines, status, kind FROM invoices
       WHERE year = $1 - 1 AND status = 'paid' AND vat_minor = 0 AND donation_minor = 0
         AND total_minor > 0
       ORDER BY md5('credit' || iid) LIMIT 1)`,
    [currentYear],
  );
  let sequence = 0;
  for (const invoice of picked.rows) {
    sequence += 1;
    const full = invoice.status === 'issued';
    const first = invoice.lines[0];
    if (!first) continue;
    const amount = full ? Number(invoice.total_minor) : first.quantity * first.unitAmountMinor;
    const lines = full
      ? invoice.lines.map((line, lineIndex) => ({
          lineIndex,
          description: line.description,
          quantity: line.quantity,
          unitAmountMinor: line.unitAmountMinor,
          vatRate: line.vatRate,
          amountMinor: line.quantity * line.unitAmountMinor,
        }))
      : [
          {
            lineIndex: 0,
            description: first.description,
            quantity: first.quantity,
            unitAmountMinor: first.unitAmountMinor,
            vatRate: first.vatRate,
            amountMinor: amount,
          },
        ];
    const cnid = `demo-cn-${sequence}`;
    const movement = `demo-cn-movement-${sequence}`;
    const day = `${currentYear}-02-${String(10 + sequence).padStart(2, '0')}`;
    const reason = full
      ? 'Billed in error: the member had resigned before the year began'
      : 'Goodwill: the course was cancelled';
    await client.query(
      `INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, source, booked_on,
                                    amount_minor, settles_minor, credit_minor, reason)
       VALUES ($1, $2, $3, $4, 'credit-note', 'manual', $5, $6, $7, $8, $9)`,
      [
        movement,
        invoice.member_mid,
        invoice.iid,
        invoice.currency,
        day,
        amount,
        full ? amount : 0,
        full ? 0 : amount,
        reason,
      ],
    );
    await client.query(
      `INSERT INTO credit_notes (cnid, number, year, invoice_iid, member_mid, currency, issue_date,
                                 lines, total_minor, reason, movement_id, membership_decision)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        cnid,
        `CN-${currentYear}-${String(sequence).padStart(6, '0')}`,
        currentYear,
        invoice.iid,
        invoice.member_mid,
        invoice.currency,
        day,
        JSON.stringify(lines),
        amount,
        reason,
        movement,
        // Crediting a paid membership invoice records whether the year stays paid (it does).
        !full && invoice.kind === 'membership' ? 'keep' : null,
      ],
    );
    await client.query(`UPDATE money_movements SET credit_note_id = $1 WHERE id = $2`, [
      cnid,
      movement,
    ]);
    await client.query(
      full
        ? `UPDATE invoices SET credited_minor = credited_minor + $2, status = 'credited' WHERE iid = $1`
        : `UPDATE invoices SET credited_minor = credited_minor + $2, paid_minor = paid_minor - $2
            WHERE iid = $1`,
      [invoice.iid, amount],
    );
  }
  if (sequence > 0) {
    await client.query(
      `INSERT INTO number_counters (name, last_value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET last_value = greatest(number_counters.last_value, $2)`,
      [`credit-note-${currentYear}`, sequence],
    );
  }
  return sequence;
}

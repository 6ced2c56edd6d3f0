import { sql, type Kysely } from 'kysely';

/**
 * Invoice fixes (issue 6): the keys and rules the checks use, and a partial index per check, so
 * that at 1,000,000 invoices a check reads only the rows at fault (or, for the two checks that
 * compare every member's invoices, an index-only scan of a narrow index rather than the table).
 *
 * - Number collisions: every standard number (YYYY-NNNNNN, what we generate) maps to its key
 *   one-to-one, so every colliding group holds at least one non-standard number. Only those are
 *   indexed (a handful); the standard partner of a key is found by its number (UNIQUE index).
 * - Totals: `invoice_lines_totals` is the contract's computeInvoiceTotals in SQL (a test checks
 *   that they agree); the index holds only the invoices whose stored totals differ.
 * - Card payments: indexes on the payments engineer's `stripe_invoices` (migration 0019).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    schema: string;
  }>`SELECT quote_ident(current_schema()) AS schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  await sql
    .raw(
      String.raw`
-- '2026-000123', '2026 123', '2026-123' → '2026123' (the contract's invoiceNumberKey).
CREATE FUNCTION invoice_number_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN regexp_replace(regexp_replace(lower(value), '(^|[^0-9])0+([0-9])', '\1\2', 'g'),
                        '[^a-z0-9]', '', 'g');

-- The numbers we generate: their key is one-to-one with the number.
CREATE FUNCTION invoice_number_is_standard(value text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN value ~ '^[1-9][0-9]{3}-[0-9]{6}$';

-- The one standard number with this key, if there is one ('2026123' → '2026-000123').
CREATE FUNCTION invoice_number_standard_of(key text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN CASE WHEN key ~ '^[1-9][0-9]{4,9}$'
              THEN substr(key, 1, 4) || '-' || lpad(substr(key, 5), 6, '0') END;

-- Membership number digits without leading zeros: 'M-000123' → '123' (what payment references
-- carry: member digits, year, sequence).
CREATE FUNCTION member_number_digits(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(ltrim(regexp_replace(value, '[^0-9]', '', 'g'), '0'), '');

-- What the lines add up to: {subtotal, vat, donation, total} in minor units, NULL when lines is
-- not an array of lines with numeric quantity and unit amount (and a numeric or null VAT rate).
-- VAT per line, half up on basis points; donation lines (isDonation, or the donation exemption)
-- carried apart. Exactly computeInvoiceTotals of the contract.
CREATE FUNCTION invoice_lines_totals(lines jsonb) RETURNS numeric[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  line jsonb;
  amount numeric;
  subtotal numeric := 0;
  vat numeric := 0;
  donation numeric := 0;
BEGIN
  -- Written as a loop of simple expressions (no query per call): it runs on every write of an
  -- invoice, as the predicate of invoices_fix_totals_idx.
  IF lines IS NULL OR jsonb_typeof(lines) <> 'array' THEN RETURN NULL; END IF;
  FOR i IN 0 .. jsonb_array_length(lines) - 1 LOOP
    line := lines -> i;
    IF jsonb_typeof(line) IS DISTINCT FROM 'object'
       OR jsonb_typeof(line -> 'quantity') IS DISTINCT FROM 'number'
       OR jsonb_typeof(line -> 'unitAmountMinor') IS DISTINCT FROM 'number'
       OR coalesce(jsonb_typeof(line -> 'vatRate'), 'null') NOT IN ('number', 'null') THEN
      RETURN NULL;
    END IF;
    amount := (line ->> 'quantity')::numeric * (line ->> 'unitAmountMinor')::numeric;
    IF line -> 'isDonation' = 'true'::jsonb
       OR line ->> 'vatExemption' = 'Outside the scope of Swiss VAT (donation)' THEN
      donation := donation + amount;
    ELSE
      subtotal := subtotal + amount;
      IF jsonb_typeof(line -> 'vatRate') = 'number' THEN
        vat := vat + trunc((amount * round((line ->> 'vatRate')::numeric * 100) + 5000) / 10000);
      END IF;
    END IF;
  END LOOP;
  RETURN ARRAY[subtotal, vat, donation, subtotal + vat + donation];
END $$;

CREATE FUNCTION invoice_totals_match(lines jsonb, subtotal bigint, vat bigint, donation bigint,
                                     total bigint) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  -- Qualified: ANALYZE, VACUUM and index builds evaluate index predicates with a search_path of
  -- pg_catalog only (PostgreSQL 17+). Not a SET clause: that costs a configuration change on
  -- every call, and this runs on every write of an invoice.
  RETURN coalesce(${schema}.invoice_lines_totals(lines) = ARRAY[subtotal, vat, donation, total]::numeric[],
                  false);
END $$;

-- 1. Without a member (or its member deleted: deleted members are few).
CREATE INDEX invoices_fix_no_member_idx ON invoices (number, iid)
  WHERE member_mid IS NULL AND status <> 'void';
CREATE INDEX members_fix_deleted_idx ON members (mid) WHERE deleted_at IS NOT NULL;

-- 2. Number collisions: the non-standard numbers only.
CREATE INDEX invoices_fix_odd_number_idx ON invoices (invoice_number_key(number), iid)
  INCLUDE (number) WHERE status <> 'void' AND NOT invoice_number_is_standard(number);

-- 3. Billed twice: an index-only scan of (member, year) in order.
CREATE INDEX invoices_fix_membership_year_idx ON invoices (member_mid, year, iid)
  WHERE kind = 'membership' AND status <> 'void' AND member_mid IS NOT NULL;

-- 4. Totals: only the invoices at fault.
CREATE INDEX invoices_fix_totals_idx ON invoices (number, iid)
  WHERE NOT invoice_totals_match(lines, subtotal_minor, vat_minor, donation_minor, total_minor);

-- 5. Paid, member pending: each member's latest paid membership year.
CREATE INDEX invoices_fix_paid_membership_idx ON invoices (member_mid, year DESC)
  WHERE kind = 'membership' AND status = 'paid' AND member_mid IS NOT NULL;

-- Proposals (a member by the digits of its number, or by the card customer's e-mail) read the
-- members once per page of findings, without an index of their own: an index on members is
-- written by every member an import or the seed inserts, for a lookup a fixes page does.

-- 6/7. Card payments (the payments table of migration 0019).
CREATE INDEX invoices_fix_void_idx ON invoices (iid) WHERE status = 'void';
-- (a void invoice's card payments are found through stripe_invoices_invoice_idx of 0019).
CREATE INDEX stripe_invoices_fix_unlinked_idx ON stripe_invoices (sid)
  WHERE invoice_iid IS NULL AND deleted_at IS NULL AND status IN ('open', 'paid');
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX stripe_invoices_fix_unlinked_idx,
                  invoices_fix_void_idx, invoices_fix_paid_membership_idx, invoices_fix_totals_idx,
                  invoices_fix_membership_year_idx, invoices_fix_odd_number_idx,
                  members_fix_deleted_idx, invoices_fix_no_member_idx;
       DROP FUNCTION invoice_totals_match(jsonb, bigint, bigint, bigint, bigint),
                     invoice_lines_totals(jsonb), member_number_digits(text),
                     invoice_number_standard_of(text), invoice_number_is_standard(text),
                     invoice_number_key(text);`,
    )
    .execute(db);
}

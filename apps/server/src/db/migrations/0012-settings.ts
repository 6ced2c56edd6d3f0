import { feeCategories, incomeGroups } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import {
  classifiedEconomies,
  currencyOverrides,
  incomeGroupOf,
  initialFeeCategoryOf,
} from '../../countries';

/**
 * Settings (issue 5): what world-countries does not carry, and the checks of the fields
 * operators now edit.
 *
 * - `country_reference`: the World Bank income group, the fee category it implies, and the few
 *   default-currency corrections, per ISO code. A trigger fills them into every country the
 *   system inserts (countries are loaded at each start, after migrations), and the rows the
 *   system wrote before are brought up to date here. Rows an operator edited are left alone.
 *   A later reclassification is a later migration updating this table.
 * - Checks on fee category and default currency, as the contract has them.
 * - `invoices (bank_account_id)`: whether an account is in use (its IBAN then stays as it is)
 *   is an index probe, not a scan of a million invoices.
 *
 * The countries (about 250 rows) and bank accounts (a handful) lists sort and filter without
 * indexes of their own: a sequential scan of so few rows is what PostgreSQL chooses anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const codes = [...new Set([...classifiedEconomies, ...Object.keys(currencyOverrides)])].sort();
  const reference = codes.map(
    (iso2) =>
      sql`(${iso2}, ${incomeGroupOf(iso2)}, ${initialFeeCategoryOf(iso2)}, ${currencyOverrides[iso2] ?? null})`,
  );
  await sql
    .raw(
      `
CREATE TABLE country_reference (
  iso2 char(2) PRIMARY KEY CHECK (iso2 ~ '^[A-Z]{2}$'),
  income_group text CHECK (income_group IN (${incomeGroups.map((g) => `'${g}'`).join(', ')})),
  fee_category text CHECK (fee_category IN (${feeCategories.map((c) => `'${c}'`).join(', ')})),
  default_currency char(3) CHECK (default_currency ~ '^[A-Z]{3}$')
);
COMMENT ON TABLE country_reference IS
  'Reference values the ISO 3166 package lacks: World Bank income group (FY2025), fee category, currency corrections';
`,
    )
    .execute(db);
  await sql`INSERT INTO country_reference (iso2, income_group, fee_category, default_currency)
            VALUES ${sql.join(reference)}`.execute(db);
  await sql
    .raw(
      `
CREATE FUNCTION countries_fill_reference() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ref country_reference%ROWTYPE;
BEGIN
  SELECT * INTO ref FROM country_reference WHERE iso2 = NEW.iso2;
  IF FOUND THEN
    NEW.income_group := coalesce(NEW.income_group, ref.income_group);
    NEW.fee_category := coalesce(NEW.fee_category, ref.fee_category);
    NEW.default_currency := coalesce(ref.default_currency, NEW.default_currency);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER countries_fill_reference BEFORE INSERT ON countries
  FOR EACH ROW WHEN (NEW.created_by = 'system') EXECUTE FUNCTION countries_fill_reference();

UPDATE countries c
   SET income_group = coalesce(c.income_group, r.income_group),
       fee_category = coalesce(c.fee_category, r.fee_category),
       default_currency = coalesce(r.default_currency, c.default_currency),
       version = c.version + 1, updated_at = now()
  FROM country_reference r
 WHERE r.iso2 = c.iso2 AND c.updated_by = 'system'
   AND (c.income_group IS NULL OR c.fee_category IS NULL
        OR c.default_currency IS DISTINCT FROM coalesce(r.default_currency, c.default_currency));

-- CKD (Cook Islands dollar) is no ISO 4217 code; the reference replaced it above.
UPDATE countries SET default_currency = NULL WHERE default_currency !~ '^[A-Z]{3}$';
ALTER TABLE countries
  ADD CONSTRAINT countries_fee_category_check
      CHECK (fee_category IN (${feeCategories.map((c) => `'${c}'`).join(', ')})),
  ADD CONSTRAINT countries_default_currency_check CHECK (default_currency ~ '^[A-Z]{3}$');

ALTER TABLE bank_accounts
  ADD CONSTRAINT bank_accounts_iban_format CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
  ADD CONSTRAINT bank_accounts_qr_iban_format
      CHECK (qr_iban ~ '^(CH|LI)[0-9]{2}3[01][0-9]{3}[A-Z0-9]{12}$'),
  ADD CONSTRAINT bank_accounts_bic_format CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  ADD CONSTRAINT bank_accounts_currency_format CHECK (currency ~ '^[A-Z]{3}$'),
  ADD CONSTRAINT bank_accounts_default_is_active CHECK (active OR NOT is_default);

CREATE INDEX invoices_bank_account_idx ON invoices (bank_account_id);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX invoices_bank_account_idx;
       ALTER TABLE bank_accounts DROP CONSTRAINT bank_accounts_iban_format,
         DROP CONSTRAINT bank_accounts_qr_iban_format, DROP CONSTRAINT bank_accounts_bic_format,
         DROP CONSTRAINT bank_accounts_currency_format, DROP CONSTRAINT bank_accounts_default_is_active;
       ALTER TABLE countries DROP CONSTRAINT countries_fee_category_check,
         DROP CONSTRAINT countries_default_currency_check;
       DROP TRIGGER countries_fill_reference ON countries;
       DROP FUNCTION countries_fill_reference();
       DROP TABLE country_reference;`,
    )
    .execute(db);
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { longDay } from '../lib/dates';
import { todayIso } from './list';
import { federationName } from './pdf';
import { normalizeVerificationCode } from './verification-code';

/**
 * What the public verification page may say about a certificate: whether it is valid, for whom
 * (the name it states and the member's country) and until when. Nothing else leaves: no
 * number, no member number, no revocation reason, no invoice.
 */
export type Verification =
  | { state: 'not-found'; code: string }
  | {
      state: 'valid' | 'not-yet-valid' | 'expired' | 'revoked' | 'superseded' | 'pending';
      code: string;
      holderName: string;
      countryName: string | null;
      validFrom: string;
      validTo: string;
    };

/** Looks a verification code up (one indexed read) and judges it as of today (UTC). */
export async function verifyCertificate(
  db: Kysely<Database>,
  rawCode: string,
  today = todayIso(),
): Promise<Verification> {
  const code = normalizeVerificationCode(rawCode);
  if (!code) return { state: 'not-found', code: rawCode.slice(0, 40) };
  const row = await db
    .selectFrom('certificates as c')
    .leftJoin('members as m', 'm.mid', 'c.member_mid')
    .leftJoin('countries as k', 'k.iso2', 'm.country_iso2')
    .select(['c.status', 'c.member_name', 'k.name as country_name', 'c.valid_from', 'c.valid_to'])
    .where('c.verification_code', '=', code)
    .executeTakeFirst();
  if (!row) return { state: 'not-found', code };
  const facts = {
    code,
    holderName: row.member_name,
    countryName: row.country_name,
    validFrom: row.valid_from,
    validTo: row.valid_to,
  };
  if (row.status === 'revoked' || row.status === 'superseded' || row.status === 'pending') {
    return { state: row.status, ...facts };
  }
  if (row.status === 'expired' || today > row.valid_to) return { state: 'expired', ...facts };
  if (today < row.valid_from) return { state: 'not-yet-valid', ...facts };
  return { state: 'valid', ...facts };
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

type Tone = 'good' | 'bad' | 'neutral';

function describe(verification: Verification): { tone: Tone; headline: string; lines: string[] } {
  if (verification.state === 'not-found') {
    return {
      tone: 'neutral',
      headline: 'Certificate not found',
      lines: [
        'No certificate has this verification code. Check the code printed on the certificate, or scan its QR code again.',
      ],
    };
  }
  const holder = `${escapeHtml(verification.holderName)}${
    verification.countryName ? `, ${escapeHtml(verification.countryName)}` : ''
  }`;
  const issuedTo = `Issued to <strong>${holder}</strong>.`;
  switch (verification.state) {
    case 'valid':
      return {
        tone: 'good',
        headline: 'This certificate is valid',
        lines: [issuedTo, `Valid until <strong>${longDay(verification.validTo)}</strong>.`],
      };
    case 'not-yet-valid':
      return {
        tone: 'neutral',
        headline: 'This certificate is not valid yet',
        lines: [
          issuedTo,
          `Valid from <strong>${longDay(verification.validFrom)}</strong> until <strong>${longDay(verification.validTo)}</strong>.`,
        ],
      };
    case 'expired':
      return {
        tone: 'bad',
        headline: 'This certificate has expired',
        lines: [issuedTo, `It was valid until <strong>${longDay(verification.validTo)}</strong>.`],
      };
    case 'revoked':
      return {
        tone: 'bad',
        headline: 'This certificate has been revoked',
        lines: [issuedTo, 'It is not valid.'],
      };
    case 'superseded':
      return {
        tone: 'bad',
        headline: 'This certificate has been replaced',
        lines: [issuedTo, 'A newer certificate replaced it; this one is not valid.'],
      };
    case 'pending':
      return {
        tone: 'neutral',
        headline: 'This certificate has not been issued yet',
        lines: [issuedTo, 'It is not valid yet.'],
      };
  }
}

const toneColors: Record<Tone, { ink: string; background: string; border: string; mark: string }> =
  {
    good: { ink: '#14532d', background: '#f0fdf4', border: '#86efac', mark: '✓' },
    bad: { ink: '#7f1d1d', background: '#fef2f2', border: '#fca5a5', mark: '✕' },
    neutral: { ink: '#1f2937', background: '#f9fafb', border: '#d1d5db', mark: '?' },
  };

/** The page's whole document: self-contained (inline style, no script, no external file). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #1f2937; }
  main { max-width: 34rem; margin: 0 auto; padding: 3rem 1.25rem; }
  .issuer { font-size: .8rem; letter-spacing: .08em; text-transform: uppercase; color: #1e3a8a; font-weight: 600; }
  h1 { font-size: 1.15rem; margin: .25rem 0 1.5rem; font-weight: 600; }
  .result { border: 1px solid; border-radius: .75rem; padding: 1.25rem 1.5rem; }
  .result h2 { display: flex; gap: .6rem; align-items: center; font-size: 1.35rem; margin: 0 0 .75rem; }
  .mark { display: inline-grid; place-items: center; width: 1.8rem; height: 1.8rem; border-radius: 50%; color: #fff; font-size: 1rem; }
  .result p { margin: .35rem 0; line-height: 1.5; }
  .code { margin-top: 1.25rem; font-size: .85rem; color: #6b7280; }
  .code span { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; }
  form { margin-top: 2rem; display: flex; gap: .5rem; flex-wrap: wrap; }
  label { width: 100%; font-size: .9rem; font-weight: 500; }
  input { flex: 1; min-width: 12rem; font: inherit; padding: .5rem .75rem; border: 1px solid #d1d5db; border-radius: .5rem; text-transform: uppercase; }
  button { font: inherit; padding: .5rem 1rem; border: 0; border-radius: .5rem; background: #1e3a8a; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function codeForm(value = ''): string {
  return `<form method="get" action="/verify">
  <label for="code">Check another certificate: its verification code</label>
  <input id="code" name="code" value="${escapeHtml(value)}" autocomplete="off" spellcheck="false" placeholder="XXXX-XXXX-XXXX-XXXX" required maxlength="40">
  <button type="submit">Check</button>
</form>`;
}

const header = `<div class="issuer">${escapeHtml(federationName)}</div>
<h1>Certificate verification</h1>`;

/** The public page answering one verification. */
export function renderVerificationPage(verification: Verification): string {
  const { tone, headline, lines } = describe(verification);
  const colors = toneColors[tone];
  const result = `<section class="result" role="status" data-state="${verification.state}" style="color:${colors.ink};background:${colors.background};border-color:${colors.border}">
  <h2><span class="mark" aria-hidden="true" style="background:${colors.ink}">${colors.mark}</span>${escapeHtml(headline)}</h2>
  ${lines.map((line) => `<p>${line}</p>`).join('\n  ')}
</section>
<p class="code">Verification code <span>${escapeHtml(verification.code)}</span></p>`;
  return page(`${headline} – ${federationName}`, `${header}\n${result}\n${codeForm()}`);
}

/** The page where a person types a code (e.g. read from a printed certificate). */
export function renderVerificationForm(): string {
  return page(`Certificate verification – ${federationName}`, `${header}\n${codeForm()}`);
}

/** The answer when one address checks too many codes in a short time. */
export function renderTooManyChecks(retryAfterSeconds: number): string {
  return page(
    `Too many checks – ${federationName}`,
    `${header}
<section class="result" role="status" style="border-color:#d1d5db;background:#f9fafb">
  <h2>Too many checks</h2>
  <p>Please wait ${retryAfterSeconds} seconds and try again.</p>
</section>`,
  );
}

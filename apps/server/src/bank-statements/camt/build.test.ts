import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal } from './amounts';
import { buildCamtXml } from './build';
import { parseCamt } from './parse';
import { expectedParse, largeBuildInput, sampleBuildInput } from './test-support';
import { camtVersions } from './types';

describe('buildCamtXml', () => {
  for (const kind of ['camt.053', 'camt.054'] as const) {
    it.each(camtVersions)(`round-trips a ${kind} of version %s through parseCamt`, (version) => {
      const input = sampleBuildInput(kind, version);
      expect(parseCamt(buildCamtXml(input))).toEqual(expectedParse(input));
    });
  }

  it('writes the namespace, the XSD element order, and Bal only in a camt.053', () => {
    const statement = buildCamtXml(sampleBuildInput('camt.053', '001.04'));
    expect(statement).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.04"/,
    );
    const order = [
      '<GrpHdr>',
      '<Stmt>',
      '<Id>',
      '<CreDtTm>',
      '<FrToDt>',
      '<Acct>',
      '<Bal>',
      '<Ntry>',
    ];
    // Each tag found after the one before it.
    let from = 0;
    for (const tag of order) {
      const position = statement.indexOf(tag, from);
      expect(position, tag).toBeGreaterThanOrEqual(from);
      from = position;
    }
    // Opening 10.00, credits 170.51 + 9,990,000.00 + 7.00, a debit of 24.00.
    expect(statement).toMatch(/<Cd>OPBD<\/Cd>[\s\S]*?<Amt Ccy="CHF">10.00<\/Amt>/);
    expect(statement).toMatch(/<Cd>CLBD<\/Cd>[\s\S]*?<Amt Ccy="CHF">9990163.51<\/Amt>/);
    const notification = buildCamtXml(sampleBuildInput('camt.054', '001.04'));
    expect(notification).toContain('<BkToCstmrDbtCdtNtfctn>');
    expect(notification).toContain('<Ntfctn>');
    expect(notification).not.toContain('<Bal>');
  });

  it('writes a batch booking with NtryDtls/Btch, and the status and payer as each version does', () => {
    const v04 = buildCamtXml(sampleBuildInput('camt.054', '001.04'));
    expect(v04).toMatch(/<Btch>\s*<NbOfTxs>3<\/NbOfTxs>\s*<TtlAmt Ccy="CHF">170.51<\/TtlAmt>/);
    expect(v04).toMatch(/<Sts>BOOK<\/Sts>/);
    expect(v04).toMatch(/<Dbtr>\s*<Nm>/);
    const v08 = buildCamtXml(sampleBuildInput('camt.054', '001.08'));
    expect(v08).toMatch(/<Sts>\s*<Cd>BOOK<\/Cd>\s*<\/Sts>/);
    expect(v08).toMatch(/<Dbtr>\s*<Pty>\s*<Nm>/);
    expect(v08).toMatch(/<Prtry>QRR<\/Prtry>[\s\S]*?<Ref>210000000003139471430009017<\/Ref>/);
    expect(v08).toMatch(/<Cd>SCOR<\/Cd>[\s\S]*?<Ref>RF18539007547034<\/Ref>/);
  });

  it('escapes the texts', () => {
    const xml = buildCamtXml(sampleBuildInput('camt.054', '001.05'));
    expect(xml).toContain('Müller &amp; Söhne AG');
    expect(xml).toContain('Anna &lt;Beispiel&gt;');
  });

  it('parses 10,000 transactions in batches of 50 (a 9 MB file), the last one whole', () => {
    const xml = buildCamtXml(largeBuildInput());
    const file = parseCamt(xml);
    const entries = file.statements[0]?.entries ?? [];
    expect(entries).toHaveLength(200);
    expect(entries.every((entry) => entry.isBatch && entry.transactions.length === 50)).toBe(true);
    expect(entries[199]?.transactions[49]).toMatchObject({
      accountServicerReference: 'TX-10000',
      structuredReference: '000000000000000000000010000',
      amountMinor: 10_000,
    });
    // How fast: `npm run bench` (bank-import), not a timed test, which a busy machine fails.
  });
});

describe('amounts', () => {
  it('converts between decimal text and minor units exactly', () => {
    expect(decimalToMinor('0.1', 'CHF')).toEqual({ ok: true, minor: 10 });
    expect(decimalToMinor('90071992547409.91', 'CHF')).toEqual({
      ok: true,
      minor: 9007199254740991,
    });
    expect(decimalToMinor('90071992547409.92', 'CHF')).toEqual({ ok: false, problem: 'too-large' });
    expect(decimalToMinor('.5', 'CHF')).toEqual({ ok: false, problem: 'malformed' });
    expect(decimalToMinor('5.', 'CHF')).toEqual({ ok: false, problem: 'malformed' });
    expect(decimalToMinor('+5', 'CHF')).toEqual({ ok: false, problem: 'malformed' });
    expect(decimalToMinor('1.2345', 'BHD')).toEqual({ ok: false, problem: 'decimals' });
    expect(minorToDecimal(5, 'CHF')).toBe('0.05');
    expect(minorToDecimal(123_456, 'CHF')).toBe('1234.56');
    expect(minorToDecimal(2700, 'JPY')).toBe('2700');
    expect(minorToDecimal(1, 'KWD')).toBe('0.001');
    expect(() => minorToDecimal(-1, 'CHF')).toThrow(RangeError);
  });
});

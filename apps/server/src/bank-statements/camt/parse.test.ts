import { describe, expect, it } from 'vitest';
import { buildCamtXml } from './build';
import { CamtError, camtErrorAsBadInput } from './camt-error';
import { parseCamt } from './parse';
import { handwrittenCamt, handwrittenEntry, sampleBuildInput } from './test-support';
import { camtVersions } from './types';

/** The CamtError a parse throws (the test fails if it throws nothing or something else). */
function refusal(input: string | Buffer): CamtError {
  try {
    parseCamt(input);
  } catch (error) {
    if (error instanceof CamtError) return error;
    throw error;
  }
  throw new Error('The file was read, but should have been refused.');
}

describe('parseCamt on handwritten files', () => {
  it.each(camtVersions)('knows camt.053 and camt.054 of version %s', (version) => {
    for (const kind of ['camt.053', 'camt.054'] as const) {
      const file = parseCamt(buildCamtXml(sampleBuildInput(kind, version)));
      expect(file.kind).toBe(kind);
      expect(file.version).toBe(version);
      expect(file.statements).toHaveLength(2);
    }
  });

  it('reads an entry without TxDtls as one transaction, its text from AddtlNtryInf', () => {
    const entry = handwrittenEntry('80.00', {
      rest: '<AcctSvcrRef>R-1</AcctSvcrRef><AddtlNtryInf>Invoice INV-2025-000007</AddtlNtryInf>',
    });
    const [parsed] = parseCamt(handwrittenCamt({ entries: [entry] })).statements[0]?.entries ?? [];
    expect(parsed).toMatchObject({ isBatch: false, accountServicerReference: 'R-1' });
    expect(parsed?.transactions).toEqual([
      {
        position: 1,
        accountServicerReference: null,
        endToEndId: null,
        amountMinor: 8000,
        currency: 'CHF',
        direction: 'credit',
        structuredReference: null,
        unstructuredText: 'Invoice INV-2025-000007',
        payerName: null,
        payerIban: null,
      },
    ]);
  });

  it('reads the fallbacks: AmtDtls/TxAmt, the entry amount, UltmtDbtr, spaces, entities', () => {
    const transaction = (inner: string) => `<TxDtls>${inner}</TxDtls>`;
    const entry = handwrittenEntry('12.50', {
      rest: `<NtryDtls>${transaction(
        `<Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
         <RltdPties><UltmtDbtr><Nm>Smith &amp; Co &#233;&#x41;</Nm></UltmtDbtr>
           <DbtrAcct><Id><IBAN>ch56 0483 5012 3456 7800 9</IBAN></Id></DbtrAcct></RltdPties>
         <RmtInf><Ustrd>first</Ustrd><Ustrd>second</Ustrd>
           <Strd><CdtrRefInf><Ref>RF18 5390 0754 7034</Ref></CdtrRefInf></Strd></RmtInf>
         <AddtlTxInf>extra</AddtlTxInf>`,
      )}</NtryDtls>`,
    });
    const batch = handwrittenEntry('3.00', {
      rest: `<NtryDtls>${transaction('<AmtDtls><TxAmt><Amt Ccy="CHF">1.00</Amt></TxAmt></AmtDtls>')}${transaction('<Amt Ccy="CHF">2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>')}</NtryDtls>`,
    });
    const [single, several] =
      parseCamt(handwrittenCamt({ entries: [entry, batch] })).statements[0]?.entries ?? [];
    expect(single?.transactions[0]).toMatchObject({
      endToEndId: null,
      amountMinor: 1250,
      payerName: 'Smith & Co éA',
      payerIban: 'CH5604835012345678009',
      structuredReference: 'RF18539007547034',
      unstructuredText: 'first second extra',
    });
    expect(several?.transactions.map((t) => [t.amountMinor, t.direction])).toEqual([
      [100, 'credit'],
      [200, 'debit'],
    ]);
  });

  it('keeps leading zeros and reads amounts exactly, in the currency’s minor units', () => {
    const entries = [
      handwrittenEntry('0.29'),
      handwrittenEntry('1234567.89'),
      handwrittenEntry('12.500'),
      handwrittenEntry('2700', { currency: 'JPY' }),
      handwrittenEntry('1.234', { currency: 'KWD' }),
      handwrittenEntry('5', { rest: '<AcctSvcrRef>00123</AcctSvcrRef>' }),
    ];
    const parsed = parseCamt(handwrittenCamt({ entries })).statements[0]?.entries ?? [];
    expect(parsed.map((e) => e.amountMinor)).toEqual([29, 123_456_789, 1250, 2700, 1234, 500]);
    expect(parsed[5]?.accountServicerReference).toBe('00123');
  });

  it('reads a Buffer in UTF-8 or in a declared ISO-8859-1, and a byte-order mark', () => {
    const xml = handwrittenCamt({
      entries: [handwrittenEntry('1.00', { rest: '<AddtlNtryInf>Gebühr</AddtlNtryInf>' })],
    });
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]);
    const latin1 = Buffer.from(xml.replace('UTF-8', 'ISO-8859-1'), 'latin1');
    for (const bytes of [utf8, latin1]) {
      expect(parseCamt(bytes).statements[0]?.entries[0]?.additionalInfo).toBe('Gebühr');
    }
  });

  it('accepts a prefixed Document', () => {
    const xml = handwrittenCamt({ entries: [handwrittenEntry('1.00')] })
      .replace('<Document xmlns=', '<c:Document xmlns:c=')
      .replace('</Document>', '</c:Document>');
    expect(parseCamt(xml).statements[0]?.entries).toHaveLength(1);
  });

  it('reads each entry from its own XML alike: prefixes, comments and CDATA inside an entry', () => {
    // Entries are parsed one by one from their raw text (xml-tree.ts): what is inside one,
    // even a comment or CDATA that spells its end tag, must read as it does in a whole tree.
    const entries = [
      handwrittenEntry('12.50', {
        rest: '<!-- a note </Ntry> --><AcctSvcrRef>R-1</AcctSvcrRef><AddtlNtryInf><![CDATA[Fee </Ntry> & more]]></AddtlNtryInf>',
      }),
      handwrittenEntry('7.00', { rest: '<AddtlNtryInf>Caf&#233; &amp; bar</AddtlNtryInf>' }),
      handwrittenEntry('1.00'),
    ];
    const plain = handwrittenCamt({ entries });
    const prefixed = plain
      .replace('<Document xmlns=', '<c:Document xmlns:c=')
      .replace(/<(\/?)([A-Za-z])/g, '<$1c:$2')
      .replace('<c:c:Document', '<c:Document');
    for (const [xml, endTag] of [
      [plain, '</Ntry>'],
      [prefixed, '</c:Ntry>'],
    ] as const) {
      const [first, second, third] = parseCamt(xml).statements[0]?.entries ?? [];
      expect(first).toMatchObject({ amountMinor: 1250, accountServicerReference: 'R-1' });
      expect(first?.additionalInfo).toBe(`Fee ${endTag} & more`);
      expect(second?.transactions[0]?.unstructuredText).toBe('Café & bar');
      expect(third).toMatchObject({ position: 3, amountMinor: 100 });
    }
  });
});

describe('parseCamt refuses what it cannot read faithfully', () => {
  const oneEntry = [handwrittenEntry('10.00')];

  it.each([
    ['plain text', 'this is not xml', /not well-formed XML \(line 1, column 1\)/],
    ['an empty file', '', /empty/],
    ['mismatched tags', '<Document><a></Document>', /line 1, column \d+/],
  ])('not XML: %s', (_name, input, message) => {
    const error = refusal(input);
    expect(error.rule).toBe('not-xml');
    expect(error.message).toMatch(message);
  });

  it('refuses a DOCTYPE and an ENTITY before parsing', () => {
    const xml = handwrittenCamt({ entries: oneEntry });
    const withDoctype = xml.replace('<Document', '<!DOCTYPE Document>\n<Document');
    const withEntity = xml.replace(
      '<Document',
      '<!DOCTYPE d [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<Document',
    );
    const entityOnly = `<!ENTITY x SYSTEM "file:///etc/passwd">${xml}`;
    for (const input of [withDoctype, withEntity, entityOnly]) {
      const error = refusal(input);
      expect(error.rule).toBe('doctype');
      expect(error.message).toBe(
        'Bank files with a DOCTYPE or entity declarations are refused (they are never needed and can be abused).',
      );
    }
  });

  it('refuses an unknown namespace, naming what it found', () => {
    const camt052 = refusal(handwrittenCamt({ entries: oneEntry }).replace('camt.054', 'camt.052'));
    expect(camt052.rule).toBe('unknown-namespace');
    expect(camt052.message).toContain('urn:iso:std:iso:20022:tech:xsd:camt.052.001.04');
    const oldVersion = refusal(handwrittenCamt({ entries: oneEntry, version: '001.02' }));
    expect(oldVersion.rule).toBe('unknown-namespace');
    expect(oldVersion.message).toContain('camt.054.001.02');
    const pain = refusal(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>',
    );
    expect(pain.message).toContain('pain.001.001.09');
    const noNamespace = refusal('<invoice><total>12</total></invoice>');
    expect(noNamespace.rule).toBe('unknown-namespace');
    expect(noNamespace.message).toContain('"invoice" with no namespace');
  });

  it.each([
    ['-12.50', 'is negative (the credit/debit mark gives the direction)'],
    ['12,50', 'is not a decimal amount like 1250.50'],
    ['1e3', 'is not a decimal amount like 1250.50'],
    ['', 'is not a decimal amount like 1250.50'],
    ['12.345', 'has more decimals than CHF allows'],
    ['99999999999999999', 'is too large'],
  ])('refuses the amount "%s"', (amount, problem) => {
    const entries = [handwrittenEntry('1.00'), handwrittenEntry('2.00'), handwrittenEntry(amount)];
    const error = refusal(handwrittenCamt({ entries }));
    expect(error.rule).toBe('amount');
    expect(error.message).toBe(`Statement HAND-STMT, entry 3: amount "${amount}" ${problem}.`);
  });

  it('refuses a transaction amount with too many decimals for its currency, naming it', () => {
    const entry = handwrittenEntry('1', {
      currency: 'JPY',
      rest: '<NtryDtls><TxDtls><Amt Ccy="JPY">1.5</Amt></TxDtls></NtryDtls>',
    });
    const error = refusal(handwrittenCamt({ entries: [entry] }));
    expect(error.rule).toBe('amount');
    expect(error.message).toBe(
      'Statement HAND-STMT, entry 1, transaction 1: amount "1.5" has more decimals than JPY allows.',
    );
  });

  it('refuses a file without entries', () => {
    expect(refusal(handwrittenCamt({ entries: [] })).rule).toBe('no-entries');
    const noStatement = handwrittenCamt({ entries: [] }).replace(/<Ntfctn>[\s\S]*<\/Ntfctn>/, '');
    const error = refusal(noStatement);
    expect(error.rule).toBe('no-entries');
    expect(error.message).toContain('no Ntfctn at all');
  });

  it('refuses missing parts, naming the place', () => {
    const cases: Array<[string, string]> = [
      [
        handwrittenCamt({ account: null, entries: oneEntry }),
        'Statement HAND-STMT has no account (Acct).',
      ],
      [
        handwrittenCamt({ entries: ['<Ntry><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry>'] }),
        'Statement HAND-STMT, entry 1: no amount (Amt).',
      ],
      [
        handwrittenCamt({ entries: ['<Ntry><Amt Ccy="CHF">1.00</Amt><Sts>BOOK</Sts></Ntry>'] }),
        'Statement HAND-STMT, entry 1: no credit/debit mark (CdtDbtInd).',
      ],
      [
        handwrittenCamt({ entries: ['<Ntry><Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>'] }),
        'Statement HAND-STMT, entry 1: amount "1.00" has no currency code (Ccy) of three capital letters.',
      ],
      [
        handwrittenCamt({
          entries: [
            handwrittenEntry('3.00', {
              rest: '<NtryDtls><TxDtls><Amt Ccy="CHF">1.00</Amt></TxDtls><TxDtls/></NtryDtls>',
            }),
          ],
        }),
        'Statement HAND-STMT, entry 1, transaction 2: no amount (Amt).',
      ],
      [handwrittenCamt({ entries: ['<Ntry/>'] }), 'Statement HAND-STMT, entry 1: no amount (Amt).'],
      [
        handwrittenCamt({ entries: oneEntry }).replace('<MsgId>HAND-1</MsgId>', ''),
        'The group header (GrpHdr) has no message id (MsgId).',
      ],
      [
        handwrittenCamt({ entries: oneEntry })
          .replace('BkToCstmrDbtCdtNtfctn', 'BkToCstmrStmt')
          .replace('</BkToCstmrDbtCdtNtfctn>', '</BkToCstmrStmt>'),
        'A camt.054 document must hold BkToCstmrDbtCdtNtfctn, and this one does not.',
      ],
    ];
    for (const [xml, message] of cases) {
      const error = refusal(xml);
      expect({ rule: error.rule, message: error.message }).toEqual({ rule: 'structure', message });
    }
  });

  it('turns into a 400 naming the field file', () => {
    const error = camtErrorAsBadInput(refusal('nope'));
    expect(error.statusCode).toBe(400);
    expect(error.issues).toEqual([{ path: 'file', rule: 'not-xml', message: error.message }]);
  });
});

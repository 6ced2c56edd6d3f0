import { describe, expect, it } from 'vitest';
import type { BankImportOutcome } from '../api/import-bank-statement';
import type { TBankImportReport } from '@ops/contract/bank-imports';
import {
  createBankImportQueue,
  importProgressOf,
  importTotalsOf,
  isXmlFileName,
  type SendBankFile,
} from './import-queue';

const file = (name: string, size = 100) => new File(['x'.repeat(size)], name);

function reportOf(
  fileName: string,
  entries: number,
  paid: number,
  booked: string,
): TBankImportReport {
  return {
    fileName,
    statements: [
      {
        bsid: `bs-${fileName}`,
        bankAccountId: 'ba1',
        accountLabel: 'PostFinance CHF',
        iban: 'CH4431999123000889012',
        kind: 'camt.054',
        version: '001.08',
        statementId: `S-${fileName}`,
        fromDate: '2026-03-02',
        toDate: '2026-03-02',
        entries,
        isDuplicate: false,
      },
    ],
    counts: {
      entries,
      credits: entries,
      debits: 0,
      paid,
      partial: 0,
      overpaid: 0,
      suggested: 1,
      unmatched: entries - paid - 1,
      duplicates: 0,
    },
    byRule: { 'qr-reference': paid, 'creditor-reference': 0, 'invoice-number': 0 },
    bookedTotals: [{ currency: 'CHF', amountMinor: booked }],
    message: `${entries} entries imported.`,
  };
}

/** A sender answering from a table by file name, recording the order of the calls. */
function fakeSender(answers: Record<string, BankImportOutcome>) {
  const calls: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const send: SendBankFile = async (sent, onProgress) => {
    calls.push(sent.name);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    onProgress(sent.size / 2);
    await Promise.resolve();
    onProgress(sent.size);
    inFlight -= 1;
    const answer = answers[sent.name];
    if (!answer) throw new Error(`no answer for ${sent.name}`);
    return answer;
  };
  return { send, calls, mostInFlight: () => mostInFlight };
}

describe('the bank import queue', () => {
  it('sends the files one after the other; a refused file keeps its reason and the next goes', async () => {
    const sender = fakeSender({
      'a.xml': { ok: true, report: reportOf('a.xml', 5, 3, '30000') },
      'b.xml': {
        ok: false,
        reason: 'b.xml is not XML: a camt file starts with <?xml or <Document.',
        rule: 'not-xml',
        isNetwork: false,
      },
      'c.xml': { ok: true, report: reportOf('c.xml', 3, 1, '12550') },
    });
    const queue = createBankImportQueue(sender.send);
    const phases: string[] = [];
    queue.subscribe(() => phases.push(queue.snapshot().phase));
    await queue.add([file('a.xml'), file('b.xml'), file('c.xml')]);

    expect(sender.calls).toEqual(['a.xml', 'b.xml', 'c.xml']);
    expect(sender.mostInFlight()).toBe(1);
    expect(phases[0]).toBe('uploading');
    const { items, phase } = queue.snapshot();
    expect(phase).toBe('done');
    expect(items.map((item) => item.state)).toEqual(['imported', 'refused', 'imported']);
    expect(items[1]?.reason).toContain('is not XML');

    expect(importProgressOf(items)).toEqual({
      filesDone: 3,
      filesTotal: 3,
      bytesSent: 300,
      bytesTotal: 300,
      entries: 8,
    });
    const totals = importTotalsOf(items);
    expect(totals).toMatchObject({ files: 2, refusedFiles: 1, statements: 2 });
    expect(totals.counts).toMatchObject({ entries: 8, paid: 4, suggested: 2, unmatched: 2 });
    // Money is added as exact minor units, per currency.
    expect(totals.bookedTotals).toEqual([{ currency: 'CHF', amountMinor: '42550' }]);
  });

  it('refuses a file that is not .xml without sending it', async () => {
    const sender = fakeSender({ 'ok.XML': { ok: true, report: reportOf('ok.XML', 2, 1, '100') } });
    const queue = createBankImportQueue(sender.send);
    await queue.add([file('statement.pdf'), file('ok.XML')]);
    expect(sender.calls).toEqual(['ok.XML']);
    const [pdf, xml] = queue.snapshot().items;
    expect(pdf).toMatchObject({ state: 'refused' });
    expect(pdf?.reason).toContain('not an XML file');
    expect(xml).toMatchObject({ state: 'imported' });
    expect(isXmlFileName(' camt054.xml ')).toBe(true);
    expect(isXmlFileName('camt054.xml.zip')).toBe(false);
  });

  it('takes files dropped while sending at the end of the queue', async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const queue = createBankImportQueue(async (sent) => {
      calls.push(sent.name);
      if (sent.name === 'first.xml') await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, report: reportOf(sent.name, 1, 1, '500') };
    });
    const running = queue.add([file('first.xml')]);
    await Promise.resolve();
    expect(queue.snapshot().phase).toBe('uploading');
    await queue.add([file('second.xml')]); // joins the running loop
    expect(queue.snapshot().items.map((item) => item.state)).toEqual(['sending', 'waiting']);
    release();
    await running;
    expect(calls).toEqual(['first.xml', 'second.xml']);
    expect(queue.snapshot().items.map((item) => item.state)).toEqual(['imported', 'imported']);
  });

  it('stops after the file being sent when cancelled', async () => {
    let release: () => void = () => {};
    const queue = createBankImportQueue(async (sent) => {
      if (sent.name === 'one.xml') await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, report: reportOf(sent.name, 1, 1, '500') };
    });
    const running = queue.add([file('one.xml'), file('two.xml')]);
    await Promise.resolve();
    queue.cancel();
    release();
    await running;
    expect(queue.snapshot().items.map((item) => item.state)).toEqual(['imported', 'not-sent']);
    expect(importProgressOf(queue.snapshot().items)).toMatchObject({ filesDone: 2, entries: 1 });
  });
});

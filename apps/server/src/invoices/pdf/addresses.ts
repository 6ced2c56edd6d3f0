import type { InvoicePdfData } from './data';
import { dayIn, formatPaymentReference, periodOfSupply } from './format';
import { invoiceLabelsOf } from './labels';
import { margin, muted, page, type Canvas } from '../../lib/pdf-kit';

/** The recipient's address block; returns the y below it. */
function drawRecipient({ write }: Canvas, data: InvoicePdfData, top: number): number {
  const labels = invoiceLabelsOf(data.language);
  let left = write(labels.billTo, margin, top, { color: muted, size: 8 });
  const member = data.member;
  if (member) {
    left = write(member.legalName, margin, left + 1, { weight: 'bold', size: 10, width: 250 });
    const addressLines = [
      member.tradeName && member.tradeName !== member.legalName ? member.tradeName : null,
      member.addressLine1,
      member.addressLine2,
      [member.postalCode, member.city].filter(Boolean).join(' ') || null,
      member.state,
      member.countryName ?? member.countryIso2,
    ].filter((line): line is string => Boolean(line && line.trim()));
    for (const line of addressLines) left = write(line, margin, left, { size: 10, width: 250 });
    if (member.vatNumber) {
      left = write(labels.memberVatNumber(member.vatNumber), margin, left + 2, {
        color: muted,
        width: 250,
      });
    }
  } else {
    left = write(labels.noMember, margin, left + 1, { color: muted });
  }
  return left;
}

/** The invoice's facts (number, dates, period of supply, currency, reference). */
function invoiceFactsOf(data: InvoicePdfData): [string, string][] {
  const labels = invoiceLabelsOf(data.language);
  const facts: [string, string][] = [
    [labels.invoiceNumber, data.number],
    [labels.memberNumber, data.member?.number ?? '—'],
    [labels.invoiceDate, data.issueDate ? dayIn(data, data.issueDate) : labels.notIssuedYet],
    [labels.periodOfSupply, periodOfSupply(data, labels)],
    [labels.dueDate, data.dueDate ? dayIn(data, data.dueDate) : '—'],
    [labels.currency, data.currency],
  ];
  if (data.paymentReference) {
    facts.push([labels.paymentReference, formatPaymentReference(data.paymentReference)]);
  }
  return facts;
}

/** Facts as label and value, right of the recipient; returns the y below. */
function drawFacts({ write }: Canvas, facts: [string, string][], top: number): number {
  const factsX = margin + 255;
  const factValueX = factsX + 80;
  let right = top;
  for (const [label, value] of facts) {
    // A label may take two lines (French and German words are longer): the next fact goes below.
    const labelBottom = write(label, factsX, right, { color: muted, width: 78 });
    right = write(value, factValueX, right, { width: page.width - margin - factValueX });
    right = Math.max(right, labelBottom) + 0.5;
  }
  return right;
}

/**
 * Recipient (left, at the height of a C5/DL envelope window) and the invoice's facts (right),
 * below the header ending at `headerBottom`. Returns the y below the taller of the two.
 */
export function drawAddresses(
  canvas: Canvas,
  data: InvoicePdfData,
  headerBottom: number,
  /** Other facts than the invoice's: a credit note states its own (issue 16). */
  facts: [string, string][] = invoiceFactsOf(data),
): number {
  const blockTop = Math.max(headerBottom + 18, 130);
  const left = drawRecipient(canvas, data, blockTop);
  const right = drawFacts(canvas, facts, blockTop);
  return Math.max(left, right);
}

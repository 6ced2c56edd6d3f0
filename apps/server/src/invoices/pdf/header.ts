import { federationName } from '../../certificates';
import { federationVatNumber, headquartersAddress, type InvoicePdfData } from './data';
import { invoiceLabelsOf, stampTextOf } from './labels';
import { accent, contentWidth, ink, margin, muted, statusStampColors, type Canvas } from './layout';

/**
 * The supplier (top left: name, address, VAT registration) and the title with the status stamp
 * (top right). Returns the y below the supplier block.
 */
export function drawHeader(
  { write }: Canvas,
  data: InvoicePdfData,
  /** The document's title: a credit note reuses this header (issue 16). */
  title = invoiceLabelsOf(data.language).invoiceTitle,
): number {
  const labels = invoiceLabelsOf(data.language);
  // Supplier (top left).
  const supplierName = data.account?.holderName ?? federationName;
  const supplierAddress = (data.account?.holderAddress ?? headquartersAddress)
    .split(/\s*[,\n]\s*/)
    .filter(Boolean);
  let y = margin;
  y = write(supplierName, margin, y, { weight: 'bold', size: 11, color: accent, width: 280 });
  for (const line of supplierAddress) y = write(line, margin, y, { color: muted, width: 280 });
  y = write(
    federationVatNumber ? labels.vatNumber(federationVatNumber) : labels.notVatRegistered,
    margin,
    y + 2,
    { color: muted, width: 280 },
  );

  // Title and status (top right).
  write(title, margin + 300, margin, {
    weight: 'bold',
    size: 20,
    color: ink,
    width: contentWidth - 300,
    align: 'right',
  });
  const stamp = stampTextOf(labels, data.status);
  const stampColor = statusStampColors[data.status];
  if (stamp && stampColor) {
    write(stamp, margin + 300, margin + 26, {
      weight: 'bold',
      size: 12,
      color: stampColor,
      width: contentWidth - 300,
      align: 'right',
    });
  }
  return y;
}

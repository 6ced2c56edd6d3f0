import { federationName } from '../../certificates';
import { federationVatNumber, headquartersAddress, type InvoicePdfData } from './data';
import { invoiceLabelsOf, stampTextOf } from './labels';
import {
  contentWidth,
  drawSender,
  ink,
  margin,
  muted,
  senderOf,
  type Canvas,
} from '../../lib/pdf-kit';
import { statusStampColors } from './layout';

/**
 * The supplier (top left: name, address, VAT registration) and the title with the status stamp
 * (top right). Returns the y below the supplier block.
 */
export function drawHeader(
  canvas: Canvas,
  data: InvoicePdfData,
  /** The document's title: a credit note reuses this header (issue 16). */
  title = invoiceLabelsOf(data.language).invoiceTitle,
): number {
  const { write } = canvas;
  const labels = invoiceLabelsOf(data.language);
  // Supplier (top left).
  const y = drawSender(
    canvas,
    senderOf(
      data.account?.holderName ?? federationName,
      data.account?.holderAddress ?? headquartersAddress,
    ),
  );
  const below = write(
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
  return below;
}

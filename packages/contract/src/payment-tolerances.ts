import { z } from 'zod';
import { invoiceCurrencies } from './enumerations';

/**
 * Payment tolerances (issue 16): per currency, how much short a payment may be and still pay its
 * invoice, the difference written off as "bank charges" — the fixed ceiling or the share of the
 * invoice's total, whichever is smaller. Default 10.00 of the currency or 1 %.
 */

/** The tolerance of an invoice total: the smaller of the ceiling and the share (rounded down). */
export function paymentToleranceMinor(
  tolerance: { maxMinor: number; percentBasisPoints: number },
  totalMinor: number,
): number {
  return Math.min(
    tolerance.maxMinor,
    Math.floor((totalMinor * tolerance.percentBasisPoints) / 10_000),
  );
}

export const ZPaymentTolerance = z
  .object({
    currency: z.enum(invoiceCurrencies),
    maxMinor: z.number().int().describe('The most written off, in minor units of the currency'),
    percentBasisPoints: z
      .number()
      .int()
      .describe("The most written off as a share of the invoice's total (100 = 1 %)"),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable(),
  })
  .describe("A currency's payment tolerance: the smaller of its ceiling and its share applies");
export type TPaymentTolerance = z.infer<typeof ZPaymentTolerance>;

export const ZPaymentTolerances = z
  .array(ZPaymentTolerance)
  .describe('The payment tolerance of every invoice currency');
export type TPaymentTolerances = z.infer<typeof ZPaymentTolerances>;

export const ZPaymentToleranceParams = z.object({ currency: z.enum(invoiceCurrencies) });

export const ZPaymentToleranceUpdate = z
  .object({
    maxMinor: z
      .number()
      .int('Minor units (cents)')
      .min(0, 'Must not be negative')
      .max(1_000_000_00, 'At most 1,000,000.00'),
    percentBasisPoints: z
      .number()
      .int('Basis points (100 = 1 %)')
      .min(0, 'Must not be negative')
      .max(10_000, 'At most 100 %'),
    version: z.number().int().min(1).describe('The version the operator read'),
  })
  .describe("Change a currency's payment tolerance (0 and 0: every short payment stays open)");
export type TPaymentToleranceUpdate = z.infer<typeof ZPaymentToleranceUpdate>;

export const ZPaymentToleranceResult = z
  .object({
    tolerance: ZPaymentTolerance,
    message: z.string().describe('What changed, in a sentence'),
  })
  .describe('The tolerance after the change');
export type TPaymentToleranceResult = z.infer<typeof ZPaymentToleranceResult>;

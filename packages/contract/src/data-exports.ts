import { z } from 'zod';

/**
 * "Download our data" in the member portal (issue 35): a ZIP of the member's record, its users,
 * invoices, credit notes, payments, certificates and the audit entries about them (JSON, plus
 * the PDFs), made by a job on the queue, kept for 24 hours, every request and download audited.
 */

/** How long a finished export can be downloaded, from the moment it is ready. */
export const dataExportHours = 24;

export const dataExportStates = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof dataExportStates)[number];

export const ZDataExportCounts = z
  .object({
    users: z.number().int(),
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    payments: z.number().int(),
    certificates: z.number().int(),
    changeRequests: z.number().int(),
    auditEntries: z.number().int(),
    pdfs: z.number().int(),
  })
  .describe('What the archive holds');
export type TDataExportCounts = z.infer<typeof ZDataExportCounts>;

export const ZDataExport = z
  .object({
    id: z.string(),
    state: z.enum(dataExportStates),
    requestedAt: z.string().describe('ISO 8601'),
    requestedBy: z.string().nullable().describe('The name of the colleague who asked for it'),
    progress: z
      .object({ done: z.number().int(), total: z.number().int() })
      .describe('Documents written so far, of all the archive will hold'),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable().describe('Until when it can be downloaded'),
    sizeBytes: z.number().int().nullable(),
    counts: ZDataExportCounts.nullable(),
    downloadUrl: z
      .string()
      .nullable()
      .describe('The ZIP, while it is ready (a path on the portal, for the signed-in member)'),
    error: z.string().nullable().describe('Why it failed, when it did'),
  })
  .describe("A member's data export");
export type TDataExport = z.infer<typeof ZDataExport>;

export const ZDataExportState = z
  .object({
    export: ZDataExport.nullable().describe('The newest export, or null when none was asked for'),
    canRequest: z.boolean().describe('The caller is an owner or admin'),
  })
  .describe("The member's data export, as the portal's Your data section shows it");
export type TDataExportState = z.infer<typeof ZDataExportState>;

export const ZDataExportParams = z.object({ id: z.string().min(1).max(64) });

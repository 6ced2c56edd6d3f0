import { z } from 'zod';

/**
 * Dunning's postal letters (issue 32): a level recorded for a member without a working e-mail
 * address is a postal reminder, which needs a letter until an operator confirms it was posted.
 * One letter per member and level lists that member's invoices at the level; the PDF has a page
 * per letter, its address in a C5/DL envelope's left window. Download first, then confirm: the
 * confirmation names the notices the letters were printed for, so a reminder recorded meanwhile
 * is never marked posted without its letter.
 */

/** The most letters one PDF holds: post them, confirm, and print the rest. */
export const dunningLettersMax = 500;

/** Why a letter cannot be printed. */
export const dunningLetterUnprintableReasons = ['no-address', 'member-deleted'] as const;
export type TDunningLetterUnprintableReason = (typeof dunningLetterUnprintableReasons)[number];

const ZMinorString = z.string().describe('Minor units (an integer as a string)');

export const ZDunningLetterInvoice = z
  .object({
    noticeId: z.string().describe('The postal reminder (dunning notice) the letter is for'),
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    balanceMinor: ZMinorString.describe('What is open today'),
    currency: z.string(),
    dueDate: z.string().describe('YYYY-MM-DD'),
    recordedOn: z.string().describe('YYYY-MM-DD: the day of the run that recorded the reminder'),
  })
  .describe('An invoice a letter asks payment of');
export type TDunningLetterInvoice = z.infer<typeof ZDunningLetterInvoice>;

export const ZDunningLetter = z
  .object({
    memberMid: z.string(),
    memberNumber: z.string(),
    memberName: z.string(),
    language: z.string().describe("The member's preferred language: the letter's wording"),
    level: z.number().int(),
    levelName: z.string(),
    invoices: z.array(ZDunningLetterInvoice).describe('Oldest due date first'),
  })
  .describe("One letter: a member's invoices at one level");
export type TDunningLetter = z.infer<typeof ZDunningLetter>;

export const ZDunningLetters = z
  .object({
    preparedAt: z
      .string()
      .describe(
        "ISO time just after the list was read: pass it as the PDF's upTo, so it prints these letters",
      ),
    letters: z
      .array(ZDunningLetter)
      .describe(`The letters to print, by membership number (at most ${dunningLettersMax})`),
    lettersTotal: z.number().int().describe('Every letter needed (more than listed: print again)'),
    invoices: z.number().int().describe('Invoices on the listed letters'),
    unprintable: z
      .array(
        ZDunningLetter.extend({
          reason: z
            .enum(dunningLetterUnprintableReasons)
            .describe('no-address: no street or no town; member-deleted: the member is deleted'),
        }),
      )
      .describe('Letters that cannot be printed, with why: not in the PDF, never marked posted'),
  })
  .describe('The postal reminders that need a letter');
export type TDunningLetters = z.infer<typeof ZDunningLetters>;

export const ZDunningLettersPdfQuery = z.object({
  upTo: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("Only reminders recorded before then (the list's preparedAt); default: every one"),
  download: z
    .enum(['1'])
    .optional()
    .describe('1: as an attachment (the browser saves it) instead of inline'),
});
export type TDunningLettersPdfQuery = z.infer<typeof ZDunningLettersPdfQuery>;

export const ZDunningLettersPosted = z
  .object({
    noticeIds: z
      .array(z.string().min(1).max(64))
      .min(1, 'Name at least one reminder')
      .max(dunningLettersMax, `At most ${dunningLettersMax} reminders at a time`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each reminder once')
      .describe("The postal reminders whose letters were printed and posted (the list's noticeId)"),
  })
  .describe('Mark letters as posted');
export type TDunningLettersPosted = z.infer<typeof ZDunningLettersPosted>;

export const ZDunningLettersPostedResult = z
  .object({
    marked: z.number().int().describe('Reminders now marked as posted'),
    letters: z.number().int().describe('Letters (member and level) they make'),
    skipped: z
      .number()
      .int()
      .describe('Named but not marked: already posted, paid meanwhile, or without an address'),
    postedAt: z.string().describe('ISO time'),
    message: z.string(),
  })
  .describe('The letters marked as posted');
export type TDunningLettersPostedResult = z.infer<typeof ZDunningLettersPostedResult>;

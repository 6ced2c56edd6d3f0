/**
 * CSV files we write are opened in spreadsheets, and a spreadsheet runs a cell that starts with
 * `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a formula: a legal name
 * `=HYPERLINK(…)` would act in a finance officer's spreadsheet ("CSV injection"). Such text gets a
 * leading `'`, which makes it text. The characters are those of csv-stringify's
 * `escape_formulas`, which the list exports use (full-width forms included, which some
 * spreadsheets also read as formulas); a test keeps the two rules equal.
 */
const formulaStarts = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);

/** Text as a spreadsheet shows it and never runs it. */
export function escapeFormula(text: string): string {
  return formulaStarts.has(text.charAt(0)) ? `'${text}` : text;
}

/**
 * A cell of an uploaded file as it was before `escapeFormula`: our exports and rejected-rows
 * reports come back fixed, and a phone number `+41 …` must not come back as `'+41 …`.
 */
export function unescapeFormula(text: string): string {
  return text.charCodeAt(0) === 0x27 && formulaStarts.has(text.charAt(1)) ? text.slice(1) : text;
}

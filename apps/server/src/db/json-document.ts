/**
 * A json/jsonb column's value in the generated row types (`generated/tables.ts`): any JSON
 * value but null, so that a nullable column reads `JsonDocument | null` and a NOT NULL one does
 * not (kysely-codegen's own `Json` includes null, which hides the difference). A JSON `null`
 * stored in a NOT NULL column would still read as null; schema.ts states what the code writes.
 */
export type JsonDocument =
  JsonDocument[] | { [key: string]: JsonDocument } | boolean | number | string;

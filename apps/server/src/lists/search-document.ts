import { sql, type RawBuilder } from 'kysely';
import type { SearchDocumentsTable } from '../db/schema';

/**
 * The records whose search document (migration 0003) of a type holds every word of `text` as a
 * prefix: the ids a list's full-text box finds, read from the words' index. The lists of
 * applications, members and users search their own records so; those of certificates, invoices
 * and change requests search by their member's name the same way. One statement for all of them,
 * so that every list's box finds what the members list finds.
 */
export function searchDocumentIds(
  type: SearchDocumentsTable['type'],
  text: string,
): RawBuilder<string> {
  return sql<string>`SELECT d.record_id FROM search_documents d
    WHERE d.type = ${sql.lit(type)} AND d.all_terms @@ search_prefix_query(${text})`;
}

/** A list's rows whose `idColumn` names a record that `searchDocumentIds` finds (a semi-join). */
export function searchDocumentMatch(
  idColumn: string,
  type: SearchDocumentsTable['type'],
  text: string,
): RawBuilder<boolean> {
  return sql<boolean>`${sql.raw(idColumn)} IN (${searchDocumentIds(type, text)})`;
}

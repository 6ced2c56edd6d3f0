import type { TNote } from '@ops/contract/notes';
import { tabParam } from '@/components/detail/detail-tabs';
import { paths } from '@/config/paths';

/** The id of the Notes tab in a detail's `DetailTabs` (`?tab=notes`). */
export const notesTabId = 'notes';

/** The element id a link to a note points at: `…?tab=notes#note-<id>`. */
export const noteElementId = (id: string) => `note-${id}`;

/** The record a note is on: its detail screen. */
export function noteRecordHref(record: TNote['record']): string {
  switch (record.table) {
    case 'members':
      return paths.member.getHref({ mid: record.id });
    case 'applications':
      return paths.application.getHref({ aid: record.id });
    case 'invoices':
      return paths.invoice.getHref({ iid: record.id });
  }
}

/** The note itself: its record's Notes tab, scrolled to it (`?tab=notes#note-<id>`). */
export function noteHref(note: Pick<TNote, 'id' | 'record'>): string {
  const anchor = noteElementId(encodeURIComponent(note.id));
  return `${noteRecordHref(note.record)}?${tabParam}=${notesTabId}#${anchor}`;
}

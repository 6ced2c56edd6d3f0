export { FollowUpBadge } from './follow-up-badge';
export { NoteBody } from './note-body';
export { noteElementId, noteHref, noteRecordHref, notesTabId } from './note-href';
export { NoteItem, type NoteItemProps } from './note-item';
export { firstLine, mentionName, tokenizeNoteBody, type NoteToken } from './note-text';
export { NotesOverview, NotesPanel, type NotesPanelProps } from './notes-panel';

import type { TAuthUser, TOperatorListItem, TOperatorsListPage } from '@ops/contract';
import type {
  NoteRecordTable,
  TCreateNoteRequest,
  TFollowUpDoneRequest,
  TMarkMentionsReadRequest,
  TMyFollowUps,
  TMyMentions,
  TNote,
  TNotesPage,
  TUpdateNoteRequest,
} from '@ops/contract/notes';
import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

// The notes of issue 19 are shared by three features (members, applications, invoices) and the
// home screen, so their operations live here rather than in one feature's `api/`.

const noteKeys = areaKeys('notes');

/** Cache keys of notes: `all` reaches every record's notes, the follow-ups and the mentions. */
export const notesQueryKeys = {
  all: noteKeys.all,
  /** Every page of one record's notes (newest first). */
  record: (table: NoteRecordTable, recordId: string) => noteKeys.of('record', table, recordId),
  /** The signed-in operator's open follow-ups. */
  myFollowUps: noteKeys.of('follow-ups', 'mine'),
  /** The notes mentioning the signed-in operator. */
  myMentions: noteKeys.of('mentions', 'mine'),
};

/** The change-feed tables whose rows the notes screens show. */
export const notesLiveTables = ['notes', 'note_mentions'] as const;

/** How many notes one "Load more" fetches. */
export const notesPageSize = 20;

// --- Reads -------------------------------------------------------------------------------

export function getNotes(
  table: NoteRecordTable,
  recordId: string,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TNotesPage> {
  const params = new URLSearchParams({ table, recordId, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<TNotesPage>(`/api/notes?${params.toString()}`, { signal });
}

export function recordNotesQueryOptions(table: NoteRecordTable, recordId: string) {
  return infiniteQueryOptions({
    queryKey: notesQueryKeys.record(table, recordId),
    queryFn: ({ pageParam, signal }) => getNotes(table, recordId, pageParam, notesPageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A record's notes, newest first, page by page ("Load more"). */
export function useRecordNotes(table: NoteRecordTable, recordId: string) {
  return useInfiniteQuery(recordNotesQueryOptions(table, recordId));
}

export function getMyFollowUps(signal?: AbortSignal): Promise<TMyFollowUps> {
  return apiRequest<TMyFollowUps>('/api/follow-ups/mine', { signal });
}

/** The signed-in operator's open follow-ups, overdue first. */
export function useMyFollowUps() {
  return useQuery(
    queryOptions({
      queryKey: notesQueryKeys.myFollowUps,
      queryFn: ({ signal }) => getMyFollowUps(signal),
    }),
  );
}

export function getMyMentions(signal?: AbortSignal): Promise<TMyMentions> {
  return apiRequest<TMyMentions>('/api/mentions/mine', { signal });
}

/** The notes that mention the signed-in operator, newest first, and how many are unread. */
export function useMyMentions() {
  return useQuery(
    queryOptions({
      queryKey: notesQueryKeys.myMentions,
      queryFn: ({ signal }) => getMyMentions(signal),
    }),
  );
}

/** An operator a note can mention or assign a follow-up to. */
export type NoteOperatorChoice = Pick<TOperatorListItem, 'uid' | 'email' | 'displayName'>;

/**
 * Active operators, for the mention picker and the follow-up's assignee. Operators are a few
 * dozen at most (the operators list says so), so one page of 200 holds them all and the picker
 * filters as the person types, without a request per keystroke. Kept under the operators'
 * root: a grant or a revocation there refreshes it.
 */
export function getActiveOperators(signal?: AbortSignal): Promise<NoteOperatorChoice[]> {
  const params = new URLSearchParams({ active: 'true', sort: 'email', limit: '200' });
  return apiRequest<TOperatorsListPage>(`/api/operators?${params.toString()}`, { signal }).then(
    (page) => page.data.map(({ uid, email, displayName }) => ({ uid, email, displayName })),
  );
}

export function useActiveOperators() {
  return useQuery(
    queryOptions({
      queryKey: areaKeys('operators').of('active-choices'),
      queryFn: ({ signal }) => getActiveOperators(signal),
      staleTime: 5 * 60_000,
    }),
  );
}

/**
 * The signed-in operator's uid (the author of a new note, the follow-up's default assignee),
 * read from the auth feature's cached `/api/auth/me` under its key: inside the console it is
 * always there, and this observer never fetches it itself (`skipToken`).
 */
export function useSignedInUid(): string | null {
  const me = useQuery<TAuthUser | null>({
    queryKey: areaKeys('auth').of('me'),
    queryFn: skipToken,
  });
  return me.data?.uid ?? null;
}

/**
 * Keeps every notes query on screen current: a note written, edited, deleted or done by anyone
 * (or a mention marked read in another tab) refreshes them, as does a reconnection.
 */
export function useNotesFollowChanges() {
  const queryClient = useQueryClient();
  useLiveChanges(notesLiveTables, () => {
    void queryClient.invalidateQueries({ queryKey: notesQueryKeys.all });
  });
}

// --- Writes ------------------------------------------------------------------------------

const noteHref = (id: string) => `/api/notes/${encodeURIComponent(id)}`;

export function createNote(body: TCreateNoteRequest): Promise<TNote> {
  return apiRequest<TNote>('/api/notes', { method: 'POST', body });
}

export function updateNote(id: string, body: TUpdateNoteRequest): Promise<TNote> {
  return apiRequest<TNote>(noteHref(id), { method: 'PATCH', body });
}

export function deleteNote(id: string, version: number): Promise<unknown> {
  return apiRequest<unknown>(`${noteHref(id)}?version=${version}`, { method: 'DELETE' });
}

export function setFollowUpDone(id: string, body: TFollowUpDoneRequest): Promise<TNote> {
  return apiRequest<TNote>(`${noteHref(id)}/done`, { method: 'POST', body });
}

export function markMentionsRead(body: TMarkMentionsReadRequest): Promise<unknown> {
  return apiRequest<unknown>('/api/mentions/read', { method: 'POST', body });
}

// A note's write can change its record's notes, the follow-ups of its assignee (old and new) and
// the mentions of whoever it names: all of them sit under the root, so every write refreshes it.
const everyNote = () => [notesQueryKeys.all];

export function useCreateNote() {
  return useInvalidatingMutation({ mutationFn: createNote, invalidates: everyNote });
}

export function useUpdateNote() {
  return useInvalidatingMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateNoteRequest }) => updateNote(id, body),
    invalidates: everyNote,
    invalidatesAfterError: everyNote,
  });
}

export function useDeleteNote() {
  return useInvalidatingMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => deleteNote(id, version),
    invalidates: everyNote,
    invalidatesAfterError: everyNote,
  });
}

export function useSetFollowUpDone() {
  return useInvalidatingMutation({
    mutationFn: ({ id, ...body }: { id: string } & TFollowUpDoneRequest) =>
      setFollowUpDone(id, body),
    invalidates: everyNote,
    invalidatesAfterError: everyNote,
  });
}

export function useMarkMentionsRead() {
  return useInvalidatingMutation({
    mutationFn: markMentionsRead,
    invalidates: () => [notesQueryKeys.myMentions],
  });
}

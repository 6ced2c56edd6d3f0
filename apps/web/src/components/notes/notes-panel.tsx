import { noteOverviewCount, type NoteRecordTable } from '@ops/contract/notes';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@ops/ui/button';
import { tabParam } from '@/components/detail/detail-tabs';
import { formatCount } from '@ops/ui/format';
import { ErrorCard } from '@ops/ui/error-card';
import { useCreateNote, useNotesFollowChanges, useRecordNotes } from '@/lib/api/notes';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { NoteForm } from './note-form';
import { noteElementId, notesTabId } from './note-href';
import { NoteItem } from './note-item';

/** How many pages the panel loads at most to reach a note a link points at. */
const maxPagesToTarget = 10;

const countText = (total: number) => `${formatCount(total)} ${total === 1 ? 'note' : 'notes'}`;

export type NotesPanelProps = { table: NoteRecordTable; recordId: string };

/**
 * A record's Notes tab: the composer (for operators with `notes.write`), then every note,
 * newest first, with "Load more". A link to `#note-<id>` scrolls to that note and highlights it,
 * loading older pages until it is found.
 */
export function NotesPanel({ table, recordId }: NotesPanelProps) {
  const notes = useRecordNotes(table, recordId);
  useNotesFollowChanges();
  const canWrite = useCan('notes.write');
  const create = useCreateNote();
  const { hash } = useLocation();
  const composerHeadingId = useId();
  const listHeadingId = useId();
  const items = notes.data?.pages.flatMap((page) => page.data) ?? [];
  const total = notes.data?.pages[0]?.total ?? 0;
  const targetId = hash.startsWith('#note-')
    ? decodeURIComponent(hash.slice('#note-'.length))
    : null;
  const isTargetLoaded = targetId !== null && items.some((note) => note.id === targetId);
  const pageCount = notes.data?.pages.length ?? 0;
  const scrolledTo = useRef<string | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notes;

  useEffect(() => {
    if (targetId === null || scrolledTo.current === targetId) return;
    if (isTargetLoaded) {
      const element = document.getElementById(noteElementId(targetId));
      if (!element) return;
      scrolledTo.current = targetId;
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
    } else if (hasNextPage && !isFetchingNextPage && pageCount < maxPagesToTarget) {
      void fetchNextPage();
    }
  }, [targetId, isTargetLoaded, hasNextPage, isFetchingNextPage, pageCount, fetchNextPage]);

  return (
    <div className="flex flex-col gap-5">
      {canWrite ? (
        <section aria-labelledby={composerHeadingId} className="flex flex-col gap-2">
          <h4 id={composerHeadingId} className="sr-only">
            Write a note
          </h4>
          <NoteForm
            label="New note"
            submitLabel="Add note"
            busyLabel="Adding…"
            onSubmit={(values) => create.mutateAsync({ table, recordId, ...values })}
          />
        </section>
      ) : null}
      <section aria-labelledby={listHeadingId} className="flex flex-col gap-3">
        <h4 id={listHeadingId} className="text-sm font-semibold text-slate-900">
          {notes.data ? countText(total) : 'Notes'}
        </h4>
        {notes.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the notes…
          </p>
        ) : notes.isError && items.length === 0 ? (
          <ErrorCard title="The notes could not be loaded" message={getErrorMessage(notes.error)}>
            <Button variant="secondary" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          </ErrorCard>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">
            No notes yet.{canWrite ? ' Write the first one above.' : ''}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {items.map((note) => (
              <li key={note.id}>
                <NoteItem note={note} isTarget={note.id === targetId} />
              </li>
            ))}
          </ol>
        )}
        {hasNextPage ? (
          <div>
            <Button
              variant="secondary"
              isBusy={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The newest notes on a record's Overview (`noteOverviewCount` of them) and a link to its Notes
 * tab; the same query as the tab, so opening the tab shows them at once.
 */
export function NotesOverview({ table, recordId }: NotesPanelProps) {
  const notes = useRecordNotes(table, recordId);
  useNotesFollowChanges();
  const [searchParams] = useSearchParams();
  const headingId = useId();
  const first = notes.data?.pages[0];
  const newest = first?.data.slice(0, noteOverviewCount) ?? [];
  const tabSearch = new URLSearchParams(searchParams);
  tabSearch.set(tabParam, notesTabId);

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h4
        id={headingId}
        className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Latest notes
      </h4>
      {notes.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the notes…
        </p>
      ) : notes.isError ? (
        <p className="text-sm text-red-700">
          The notes could not be loaded: {getErrorMessage(notes.error)}
        </p>
      ) : newest.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {newest.map((note) => (
            <li key={note.id}>
              <NoteItem note={note} isCompact headingLevel={5} />
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm">
        <Link
          to={{ search: `?${tabSearch.toString()}` }}
          replace
          preventScrollReset
          className="text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800"
        >
          {first && first.total > 0 ? `All ${countText(first.total)}` : 'Open the notes'}
        </Link>
      </p>
    </section>
  );
}

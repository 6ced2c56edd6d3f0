import type { OperatorRole } from '@ops/contract/values';
import type { TNote, TNotesPage } from '@ops/contract/notes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notesQueryKeys } from '@/lib/api/notes';
import { OperatorRolesContext } from '@/lib/permissions';
import { noteHref } from './note-href';
import { NotesOverview, NotesPanel } from './notes-panel';

const ada = { uid: 'u-ada', email: 'ada@example.org', displayName: 'Ada Lovelace' };
const bob = { uid: 'u-bob', email: 'bob@example.org', displayName: 'Bob Stone' };
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

const note = (id: string, changes: Partial<TNote> = {}): TNote => ({
  id,
  record: { table: 'members', id: 'm1', label: 'Acme Logistics (M-001234)' },
  body: `Note ${id}\nsecond line`,
  mentions: [],
  author: ada,
  createdAt: '2026-11-24T13:05:00.000Z',
  editedAt: null,
  editableUntil: inAnHour,
  canEdit: false,
  canDelete: false,
  followUp: null,
  version: 1,
  ...changes,
});

const page: TNotesPage = {
  data: [
    note('n5', {
      body: 'Call @Bob Stone about https://example.org',
      mentions: [bob],
      editedAt: '2026-11-24T13:10:00.000Z',
      canEdit: true,
      canDelete: true,
      followUp: {
        dueOn: '2026-11-20',
        assignee: bob,
        isOverdue: true,
        doneAt: null,
        doneBy: null,
      },
    }),
    note('n4'),
    note('n3'),
    note('n2'),
  ],
  nextCursor: 'n2',
  total: 5,
};

function render(element: React.ReactNode, roles: OperatorRole[], url = '/members/m1?tab=notes') {
  const client = new QueryClient();
  client.setQueryData(notesQueryKeys.record('members', 'm1'), {
    pages: [page],
    pageParams: [null],
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <OperatorRolesContext value={roles}>
        <MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>
      </OperatorRolesContext>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('NotesPanel', () => {
  it('shows every loaded note newest first, each with its anchor, and offers more', () => {
    const html = render(<NotesPanel table="members" recordId="m1" />, ['admin']);
    expect(html).toContain('5 notes');
    const ids = [...html.matchAll(/<article id="(note-[^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(['note-n5', 'note-n4', 'note-n3', 'note-n2']);
    expect(html).toContain('(edited)');
    expect(html).toContain('24 Nov 2026');
    expect(html).toMatch(/<mark data-mention="u-bob"[^>]*>@Bob Stone<\/mark>/);
    expect(html).toContain('Follow-up overdue');
    expect(html).toContain('Assigned to Bob Stone');
    expect(html).toMatch(/>Done<\/button>/);
    expect(html).toMatch(/>Edit<\/button>/);
    expect(html).toMatch(/>Delete<\/button>/);
    expect(html).toContain('Load more');
    expect(html).toContain('New note');
    expect(html).toContain('Add a follow-up');
  });

  it('shows a read-only operator the notes without the composer or the writes', () => {
    const html = render(<NotesPanel table="members" recordId="m1" />, ['read-only']);
    expect(html).toContain('note-n5');
    expect(html).not.toContain('New note');
    expect(html).not.toMatch(/>Done<\/button>/);
  });
});

describe('NotesOverview', () => {
  it('shows the newest notes and links to the Notes tab, keeping the list view', () => {
    const html = render(
      <NotesOverview table="members" recordId="m1" />,
      ['admin'],
      '/members/m1?q=acme',
    );
    expect(html.match(/<article/g)).toHaveLength(3);
    expect(html).not.toContain('Note n2');
    expect(html).toContain('href="/members/m1?q=acme&amp;tab=notes"');
    expect(html).toContain('All 5 notes');
    // Only the Notes tab holds the anchors and the actions.
    expect(html).not.toContain('id="note-');
    expect(html).not.toMatch(/>Edit<\/button>/);
  });
});

describe('noteHref', () => {
  it("points at the note on its record's Notes tab", () => {
    expect(noteHref(note('n 1'))).toBe('/members/m1?tab=notes#note-n%201');
    expect(
      noteHref({ id: 'n2', record: { table: 'invoices', id: 'i9', label: 'Invoice 2026-000042' } }),
    ).toBe('/invoices/i9?tab=notes#note-n2');
  });
});

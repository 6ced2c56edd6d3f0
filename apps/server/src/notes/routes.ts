import { ZOk } from '@ops/contract';
import {
  ZCreateNoteRequest,
  ZDeleteNoteQuery,
  ZFollowUpDoneRequest,
  ZNote,
  ZNoteParams,
  ZNotesPage,
  ZNotesQuery,
  ZUpdateNoteRequest,
} from '@ops/contract/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { createNote } from './create-note';
import { deleteNote } from './delete-note';
import { listNotes } from './list-notes';
import { noteViewer } from './note-view';
import { setFollowUpDone } from './set-follow-up-done';
import { updateNote } from './update-note';

/**
 * Notes on members, applications and invoices (issue 19): read by every operator; written,
 * edited (by their author, for a while) and followed up with `notes.write`; deleted with
 * `notes.delete` (admins). Every write goes through the records store: one audit entry each.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notes',
    {
      schema: {
        tags: ['notes'],
        summary: "A record's notes, newest first (deleted ones left out); 404 for no such record",
        querystring: ZNotesQuery,
        response: { 200: ZNotesPage },
      },
    },
    async (request) => listNotes(app.deps.db, noteViewer(request), request.query),
  );

  app.post(
    '/api/notes',
    {
      config: { permission: 'notes.write' },
      schema: {
        tags: ['notes'],
        summary:
          'Writes a note on a member, an application or an invoice, mentioning active operators, with an optional follow-up (a due day and an active operator)',
        body: ZCreateNoteRequest,
        response: { 200: ZNote },
      },
    },
    async (request) =>
      createNote(app.deps.db, operatorActor(request), noteViewer(request), request.body),
  );

  app.patch(
    '/api/notes/:id',
    {
      config: { permission: 'notes.write' },
      schema: {
        tags: ['notes'],
        summary:
          'Edits a note: its author only, within 15 minutes of writing it (403 otherwise), with the version read',
        params: ZNoteParams,
        body: ZUpdateNoteRequest,
        response: { 200: ZNote },
      },
    },
    async (request) =>
      updateNote(
        app.deps.db,
        operatorActor(request),
        noteViewer(request),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/notes/:id',
    {
      config: { permission: 'notes.delete' },
      schema: {
        tags: ['notes'],
        summary: 'Deletes a note (kept in the audit trail), with the version read',
        params: ZNoteParams,
        querystring: ZDeleteNoteQuery,
        response: { 200: ZOk },
      },
    },
    async (request) =>
      deleteNote(app.deps.db, operatorActor(request), request.params.id, request.query.version),
  );

  app.post(
    '/api/notes/:id/done',
    {
      config: { permission: 'notes.write' },
      schema: {
        tags: ['notes'],
        summary: "Marks a note's follow-up done, or open again, with the version read",
        params: ZNoteParams,
        body: ZFollowUpDoneRequest,
        response: { 200: ZNote },
      },
    },
    async (request) =>
      setFollowUpDone(
        app.deps.db,
        operatorActor(request),
        noteViewer(request),
        request.params.id,
        request.body,
      ),
  );
};

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
import { apiRoutes } from '../http/api-route';

/**
 * Notes on members, applications and invoices (issue 19): read by every operator; written,
 * edited (by their author, for a while) and followed up with `notes.write`; deleted with
 * `notes.delete` (admins). Every write goes through the records store: one audit entry each.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'notes');

  route({
    method: 'GET',
    url: '/api/notes',
    summary: "A record's notes, newest first (deleted ones left out); 404 for no such record",
    querystring: ZNotesQuery,
    response: ZNotesPage,
    handler: async (request) => listNotes(app.deps.db, noteViewer(request), request.query),
  });

  route({
    method: 'POST',
    url: '/api/notes',
    permission: 'notes.write',
    summary:
      'Writes a note on a member, an application or an invoice, mentioning active operators, with an optional follow-up (a due day and an active operator)',
    body: ZCreateNoteRequest,
    response: ZNote,
    handler: async (request) =>
      createNote(app.deps.db, operatorActor(request), noteViewer(request), request.body),
  });

  route({
    method: 'PATCH',
    url: '/api/notes/:id',
    permission: 'notes.write',
    summary:
      'Edits a note: its author only, within 15 minutes of writing it (403 otherwise), with the version read',
    params: ZNoteParams,
    body: ZUpdateNoteRequest,
    response: ZNote,
    handler: async (request) =>
      updateNote(
        app.deps.db,
        operatorActor(request),
        noteViewer(request),
        request.params.id,
        request.body,
      ),
  });

  route({
    method: 'DELETE',
    url: '/api/notes/:id',
    permission: 'notes.delete',
    summary: 'Deletes a note (kept in the audit trail), with the version read',
    params: ZNoteParams,
    querystring: ZDeleteNoteQuery,
    response: ZOk,
    handler: async (request) =>
      deleteNote(app.deps.db, operatorActor(request), request.params.id, request.query.version),
  });

  route({
    method: 'POST',
    url: '/api/notes/:id/done',
    permission: 'notes.write',
    summary: "Marks a note's follow-up done, or open again, with the version read",
    params: ZNoteParams,
    body: ZFollowUpDoneRequest,
    response: ZNote,
    handler: async (request) =>
      setFollowUpDone(
        app.deps.db,
        operatorActor(request),
        noteViewer(request),
        request.params.id,
        request.body,
      ),
  });
};

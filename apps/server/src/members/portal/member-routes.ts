import { ZPortalMemberQuery, ZPortalPdfQuery } from '@ops/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { documentContentSecurityPolicy, inlineDisposition } from '../../http/inline-document';
import { pdfReply } from '../../lib/pdf-reply';
import { portalMemberOf, type PortalMember } from './member-of-user';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A PDF the portal serves: its file name and bytes. */
export type PortalPdf = { fileName: string; content: Buffer | Uint8Array };

/**
 * The route declarer of a portal area's member routes (issue 35). Every route it declares answers
 * for the signed-in user's member (`?member=` where the user has several), found here and only
 * here by `portalMemberOf`, so a route cannot forget the scope: what a handler gets is the member
 * the caller may act for, never an id from the request.
 */
export function portalMemberRoutes(app: ZodApp, tag: string) {
  const route = apiRoutes(app, tag);
  const { db } = app.deps;
  const memberOf = (request: FastifyRequest, requestedMid: string | undefined) => {
    const session = requireSession(request);
    return portalMemberOf(db, session.user.uid, requestedMid, session.tokenHash);
  };

  /** A GET answering one of the member's files: its schema, the member, then `send`. */
  const fileRoute = <Q extends { member?: string | undefined }>(
    declared: { url: string; summary: string; params?: z.ZodType; querystring: z.ZodType },
    send: (
      member: PortalMember,
      request: FastifyRequest,
      query: Q,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ) =>
    app.get(
      declared.url,
      {
        schema: {
          tags: [tag],
          summary: declared.summary,
          ...(declared.params ? { params: declared.params } : {}),
          querystring: declared.querystring,
        },
      },
      async (request, reply) => {
        const query = request.query as Q;
        return send(await memberOf(request, query.member), request, query, reply);
      },
    );

  return {
    /** A JSON read of the member's records. */
    read<P extends z.ZodType, R extends z.ZodType>(declared: {
      url: string;
      summary: string;
      params?: P;
      response: R;
      /** The member, the parsed params and the signed-in user's uid. */
      handler: (
        member: PortalMember,
        params: z.output<P>,
        uid: string,
      ) => Promise<z.input<R>> | z.input<R>;
    }): void {
      route({
        method: 'GET',
        url: declared.url,
        summary: declared.summary,
        ...(declared.params ? { params: declared.params } : {}),
        querystring: ZPortalMemberQuery,
        response: declared.response,
        handler: async (request) =>
          declared.handler(
            await memberOf(request, request.query.member),
            request.params as z.output<P>,
            requireSession(request).user.uid,
          ),
      });
    },

    /**
     * A write for the member (or a POST that answers with something made for it): the handler
     * gets the member, the parsed params and body, and the signed-in user who acts.
     */
    write<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(declared: {
      method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      summary: string;
      params?: P;
      body?: B;
      response: R;
      status?: 200 | 201 | 202 | 204;
      handler: (
        member: PortalMember,
        input: { params: z.output<P>; body: z.output<B>; uid: string },
      ) => Promise<z.input<R>> | z.input<R>;
    }): void {
      const { handler, ...rest } = declared;
      route({
        ...rest,
        querystring: ZPortalMemberQuery,
        handler: async (request) =>
          handler(await memberOf(request, request.query.member), {
            params: request.params as z.output<P>,
            body: request.body as z.output<B>,
            uid: requireSession(request).user.uid,
          }),
      });
    },

    /**
     * A file of the member's to save (not shown): an archive such as its data export. Always an
     * attachment, never cached by shared caches; the handler gets the signed-in user who fetches
     * it, so that it can audit the download.
     */
    download<P extends z.ZodType>(declared: {
      url: string;
      summary: string;
      params: P;
      contentType: string;
      file: (
        member: PortalMember,
        input: { params: z.output<P>; uid: string },
      ) => Promise<{ fileName: string; content: Buffer }>;
    }): void {
      fileRoute<z.output<typeof ZPortalMemberQuery>>(
        { ...declared, querystring: ZPortalMemberQuery },
        async (member, request, _query, reply) => {
          const file = await declared.file(member, {
            params: request.params as z.output<P>,
            uid: requireSession(request).user.uid,
          });
          return reply
            .type(declared.contentType)
            .header(
              'content-disposition',
              inlineDisposition(file.fileName).replace(/^inline/, 'attachment'),
            )
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            .send(file.content);
        },
      );
    },

    /**
     * One of the member's documents as a PDF: inline unless `?download=1`, not cached by shared
     * caches, and with the document policy where the PDF is shown in a frame of its own.
     */
    pdf<
      P extends z.ZodType,
      Q extends z.ZodType<{ member?: string | undefined; download?: '0' | '1' | undefined }>,
    >(declared: {
      url: string;
      summary: string;
      params?: P;
      /** The query, when the document takes more than the member and `download`. */
      querystring?: Q;
      document: (
        member: PortalMember,
        input: { params: z.output<P>; query: z.output<Q> },
      ) => Promise<PortalPdf>;
    }): void {
      fileRoute<z.output<Q>>(
        { ...declared, querystring: declared.querystring ?? ZPortalPdfQuery },
        async (member, request, query, reply) => {
          const pdf = await declared.document(member, {
            params: request.params as z.output<P>,
            query,
          });
          return pdfReply(reply, pdf.fileName, query.download)
            .header('content-security-policy', documentContentSecurityPolicy)
            .header('cache-control', 'private, no-cache')
            .send(pdf.content);
        },
      );
    },
  };
}

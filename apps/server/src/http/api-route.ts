import type { OperatorAction } from '@ops/contract';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The parsed input of a route; what it does not declare is `unknown`. */
export type ApiRouteRequest<P, Q, B> = FastifyRequest<{ Params: P; Querystring: Q; Body: B }>;

/**
 * One JSON route of the API's common shape: an operator route (the guard's default) that may
 * declare the permission it needs, validates its input, calls one operation and answers with its
 * result. Routes that differ (public or user access, a file or a PDF, a body limit, headers they
 * set) keep Fastify's own `app.get`/`app.post` beside these.
 */
export type ApiRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The operator action the route performs (checked before the body); none for reads. */
  permission?: OperatorAction;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The answer's schema; it is the response of `status`. */
  response: R;
  /** 200 unless said: 201 (created), 202 (accepted) or 204 (no content: the handler's null). */
  status?: 200 | 201 | 202 | 204;
  handler: (
    request: ApiRouteRequest<z.output<P>, z.output<Q>, z.output<B>>,
    reply: FastifyReply,
  ) => Promise<z.input<R>> | z.input<R>;
};

/**
 * The route declarer of one route file: every route it declares is tagged `tag` in the API
 * documentation. One place turns the declaration into Fastify's route options (config, schema,
 * status), so the route files list what differs between routes and nothing else.
 */
export function apiRoutes(app: ZodApp, tag: string) {
  return function route<
    P extends z.ZodType,
    Q extends z.ZodType,
    B extends z.ZodType,
    R extends z.ZodType,
  >(declared: ApiRoute<P, Q, B, R>): void {
    const { method, url, permission, summary, params, querystring, body } = declared;
    const { response, status = 200, handler } = declared;
    // The declared types are checked where the route is declared (its handler's input and
    // result); here the schema is Fastify's plain one.
    const schema: FastifySchema = {
      tags: [tag],
      summary,
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: { [status]: response },
    };
    app.route({
      method,
      url,
      ...(permission ? { config: { permission } } : {}),
      schema,
      handler: async (request, reply) => {
        const parsed = request as ApiRouteRequest<z.output<P>, z.output<Q>, z.output<B>>;
        const result = await handler(parsed, reply);
        return status === 200 ? result : reply.status(status).send(result);
      },
    });
  };
}

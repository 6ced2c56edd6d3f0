import {
  searchApiErrors,
  ZSearchApiError,
  ZSearchIndexParams,
  ZSearchRequest,
  ZSearchResponse,
  type SearchApiErrorCode,
  type TSearchHit,
  type TSearchRequest,
} from '@ops/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSessionByReference } from '../auth';
import { sessionPolicy } from '../http/access';
import { databaseRetryAfterSeconds } from '../http/error-handler';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { timeSearch } from '../metrics';
import { searchDocuments, type SearchDocumentHit } from './engine';
import { InvalidSearchKeyError, verifySearchKey } from './keys';

/** An error of the search service, answered in Meilisearch's shape. */
export class SearchApiError extends Error {
  override name = 'SearchApiError';
  constructor(
    readonly code: SearchApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function errorBody(code: SearchApiErrorCode, message: string) {
  return {
    message,
    code,
    type: searchApiErrors[code].type,
    link: `https://docs.meilisearch.com/errors#${code}`,
  };
}

/** Which Meilisearch code a bad body earns, by the first field at fault. */
function validationCode(error: FastifyError): SearchApiErrorCode {
  const field = error.validation?.[0]?.instancePath.replace(/^\//, '').split('/')[0];
  if (field === 'q') return 'invalid_search_q';
  if (field === 'limit') return 'invalid_search_limit';
  if (field === 'offset') return 'invalid_search_offset';
  return 'bad_request';
}

const stageTop = { exact: 1, name: 0.75, text: 0.5, typo: 0.25 } as const;

/**
 * A 0–1 score in the order the hits come (Meilisearch's `_rankingScore`: higher is more
 * relevant): the stage sets a band of 0.25, the place among that stage's hits the score in it.
 */
function rankingScores(hits: SearchDocumentHit[]): number[] {
  const perStage = new Map<string, number>();
  for (const hit of hits) perStage.set(hit.stage, (perStage.get(hit.stage) ?? 0) + 1);
  const seen = new Map<string, number>();
  return hits.map((hit) => {
    const place = seen.get(hit.stage) ?? 0;
    seen.set(hit.stage, place + 1);
    const share = place / (perStage.get(hit.stage) ?? 1);
    return Math.round((stageTop[hit.stage] - 0.25 * share) * 10_000) / 10_000;
  });
}

function toHit(hit: SearchDocumentHit, score: number, request: TSearchRequest): TSearchHit {
  return {
    id: `${hit.type}_${hit.recordId}`,
    _type: hit.type,
    ...(hit.name === null ? {} : { name: hit.name }),
    description: hit.description,
    _firestore_id: hit.recordId,
    ...(request.showRankingScore ? { _rankingScore: score } : {}),
    ...(request.showRankingScoreDetails
      ? {
          _rankingScoreDetails: {
            stage: hit.stage,
            rank: Math.round(hit.rank * 10_000) / 10_000,
            typos: hit.typos,
          },
        }
      : {}),
  };
}

/**
 * The search service (spec §7): `POST /indexes/{index}/search`, a Meilisearch-compatible subset.
 * It is public to the session guard: the caller proves itself with the signed key that
 * `searchParams` issued, checked here (401 without, 403 for a bad or expired key, or one whose
 * session has ended or whose operator is no longer active), before the body is read.
 */
export const searchServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let code: SearchApiErrorCode;
    let message = error.message;
    if (error instanceof SearchApiError) {
      code = error.code;
    } else if (error.validation) {
      code = validationCode(error);
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      code = 'invalid_content_type';
    } else if ((error.statusCode ?? 500) < 500) {
      code = 'malformed_payload';
    } else if (isDatabaseUnreachable(error)) {
      // PostgreSQL is down (logged once by the pool's watch): 503, as the API answers meanwhile;
      // Meilisearch has no code for it, so the body keeps `internal` with a message that says so.
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send(errorBody('internal', 'The database is unreachable. Try again in a moment.'));
    } else {
      request.log.error({ err: error }, 'search failed');
      code = 'internal';
      message = 'The search service failed. It has been logged.';
    }
    return reply.status(searchApiErrors[code].status).send(errorBody(code, message));
  });

  // processingTimeMs counts from here: the key check is part of answering.
  const receivedAt = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    receivedAt.set(request, performance.now());
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) {
      throw new SearchApiError(
        'missing_authorization_header',
        'The Authorization header is missing. It must use the bearer authorization method.',
      );
    }
    let claims;
    try {
      claims = await verifySearchKey(app.deps.db, match[1]);
    } catch (error) {
      if (error instanceof InvalidSearchKeyError) {
        throw new SearchApiError(
          'invalid_api_key',
          `The provided API key is invalid. ${error.message}`,
        );
      }
      throw error;
    }
    const { index } = request.params as { index?: string };
    if (index !== undefined && claims.index !== index) {
      throw new SearchApiError(
        'invalid_api_key',
        'The provided API key is invalid for this index.',
      );
    }
    // A key outlives nothing: it works only while the session it was issued to is valid (not
    // signed out, idle or revoked, its user neither disabled nor deleted) and its operator
    // active. One indexed query per search, so no cache that would let a key outlive them.
    const session = await findSessionByReference(app.deps.db, sessionPolicy(app), {
      uid: claims.uid,
      reference: claims.session,
    });
    if (!session?.isOperator) {
      throw new SearchApiError('invalid_api_key', 'The provided API key is no longer valid.');
    }
  });

  app.post(
    '/indexes/:index/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          'Search the index (Meilisearch subset): exact ids and numbers first, then names, then descriptions, then typo-tolerant matches',
        params: ZSearchIndexParams,
        body: ZSearchRequest,
        response: { 200: ZSearchResponse, '4xx': ZSearchApiError },
      },
    },
    async (request, reply) => {
      const startedAt = receivedAt.get(request) ?? performance.now();
      const { index } = request.params;
      if (index !== app.deps.config.searchIndex) {
        throw new SearchApiError('index_not_found', `Index \`${index}\` not found.`);
      }
      const body = request.body;
      const q = body.q ?? '';
      const outcome = await timeSearch(app.deps.metrics.search, () =>
        searchDocuments(app.deps.pool, { q, limit: body.limit, offset: body.offset }),
      );
      const scores = rankingScores(outcome.hits);
      const elapsedMs = performance.now() - startedAt;
      // The same time, unrounded, where browsers' and benchmarks' tools look for it.
      void reply.header('server-timing', `search;dur=${elapsedMs.toFixed(2)}`);
      return {
        hits: outcome.hits.map((hit, i) => toHit(hit, scores[i] ?? 0, body)),
        estimatedTotalHits: outcome.estimatedTotalHits,
        query: q,
        processingTimeMs: Math.round(elapsedMs),
        limit: body.limit,
        offset: body.offset,
      };
    },
  );
};

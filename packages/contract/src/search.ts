import { z } from 'zod';

/**
 * The search service: a Meilisearch-compatible subset (spec §7) answered by our server from
 * PostgreSQL. Only `POST /indexes/{index}/search` is public; it is authenticated by the signed,
 * short-lived key that the `searchParams` function hands out.
 */

/** The kinds of record the index holds (spec: profile, application, member, invoice). */
export const searchDocumentTypes = ['profile', 'application', 'member', 'invoice'] as const;
export type SearchDocumentType = (typeof searchDocumentTypes)[number];

/** How a hit was found, best first; the order of the stages is the order of relevance. */
export const searchMatchStages = ['exact', 'name', 'text', 'typo'] as const;
export type SearchMatchStage = (typeof searchMatchStages)[number];

export const searchLimits = {
  maxQueryLength: 200,
  defaultLimit: 20,
  maxLimit: 100,
  /** Like Meilisearch's maxTotalHits: no result page reaches past this many hits. */
  maxTotalHits: 1_000,
} as const;

export const ZSearchRequest = z
  .object({
    q: z
      .string()
      .max(searchLimits.maxQueryLength)
      .nullish()
      .describe('The typed text; empty or absent matches nothing'),
    limit: z
      .number()
      .int()
      .min(0)
      .max(searchLimits.maxLimit)
      .default(searchLimits.defaultLimit)
      .describe('At most this many hits'),
    offset: z
      .number()
      .int()
      .min(0)
      .max(searchLimits.maxTotalHits)
      .default(0)
      .describe('Hits to skip'),
    showRankingScore: z.boolean().default(false).describe('Add `_rankingScore` (0–1) to each hit'),
    showRankingScoreDetails: z
      .boolean()
      .default(false)
      .describe('Add `_rankingScoreDetails`: the stage that found the hit and its rank'),
  })
  .describe('A search request (Meilisearch subset)');
export type TSearchRequest = z.infer<typeof ZSearchRequest>;

export const ZSearchRankingDetails = z
  .object({
    stage: z
      .enum(searchMatchStages)
      .describe('exact id/number/e-mail, name, name + description, typo'),
    rank: z.number().describe('Rank within its stage (higher is better)'),
    typos: z.number().int().describe('Corrected letters in the query'),
  })
  .describe('Why a hit ranks where it does');

export const ZSearchHit = z
  .object({
    id: z.string().describe('Document id: `{type}_{record id}`'),
    _type: z.enum(searchDocumentTypes),
    name: z.string().optional().describe('What a person calls the record (absent when none)'),
    description: z.string(),
    _firestore_id: z.string().describe('The record id the detail route needs'),
    _rankingScore: z.number().optional(),
    _rankingScoreDetails: ZSearchRankingDetails.optional(),
  })
  .describe('One search hit');
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResponse = z
  .object({
    hits: z.array(ZSearchHit),
    estimatedTotalHits: z.number().int(),
    query: z.string(),
    processingTimeMs: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .describe('A search answer (Meilisearch subset)');
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** Meilisearch's error codes that this subset can answer, with their type and HTTP status. */
export const searchApiErrors = {
  missing_authorization_header: { type: 'auth', status: 401 },
  invalid_api_key: { type: 'auth', status: 403 },
  index_not_found: { type: 'invalid_request', status: 404 },
  bad_request: { type: 'invalid_request', status: 400 },
  invalid_search_q: { type: 'invalid_request', status: 400 },
  invalid_search_limit: { type: 'invalid_request', status: 400 },
  invalid_search_offset: { type: 'invalid_request', status: 400 },
  malformed_payload: { type: 'invalid_request', status: 400 },
  invalid_content_type: { type: 'invalid_request', status: 415 },
  not_found: { type: 'invalid_request', status: 404 },
  too_many_search_requests: { type: 'system', status: 503 },
  internal: { type: 'internal', status: 500 },
} as const;
export type SearchApiErrorCode = keyof typeof searchApiErrors;

export const ZSearchApiError = z
  .object({
    message: z.string(),
    code: z.string().describe('e.g. invalid_api_key, index_not_found, invalid_search_q'),
    type: z.enum(['auth', 'invalid_request', 'internal', 'system']),
    link: z.string().describe('Where the code is explained'),
  })
  .describe('An error of the search service (Meilisearch shape)');
export type TSearchApiError = z.infer<typeof ZSearchApiError>;

/** What `searchParams` returns: where to search and with which key (spec §7). */
export const ZSearchParams = z
  .object({
    host: z.string().describe('Base URL of the search service'),
    apiKey: z.string().describe('Search-only key, scoped to the index, signed by the server'),
    index: z.string().describe("The index to search (the spec's {product}, SEARCH_INDEX)"),
    expiresAt: z.string().describe('When the key stops working (ISO time)'),
  })
  .describe('Search service parameters');
export type TSearchParams = z.infer<typeof ZSearchParams>;

// --- The search indexes screen -------------------------------------------------------------

export const searchTaskStatuses = ['enqueued', 'processing', 'succeeded', 'failed'] as const;
export type SearchTaskStatus = (typeof searchTaskStatuses)[number];

export const ZSearchTask = z
  .object({
    uid: z.number().int().describe('Task number'),
    index: z.string(),
    kind: z.literal('rebuild'),
    status: z.enum(searchTaskStatuses),
    requestedBy: z.string().nullable().describe('Who asked: a user id, or null for the CLI'),
    processed: z.number().int().describe('Documents written so far'),
    total: z.number().int().describe('Documents expected (known once the task starts)'),
    perType: z
      .partialRecord(z.enum(searchDocumentTypes), z.number().int())
      .describe('Documents written per type'),
    error: z.string().nullable(),
    enqueuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
  })
  .describe('A rebuild of the index: built aside in batches of 1,000, then swapped in');
export type TSearchTask = z.infer<typeof ZSearchTask>;

export const ZSearchIndexTypeStats = z.object({
  type: z.enum(searchDocumentTypes),
  documents: z.number().int(),
  lastUpdatedAt: z.string().nullable().describe('Newest change of a document of this type'),
});

export const ZSearchIndexStats = z
  .object({
    index: z.string(),
    documents: z.number().int(),
    lastUpdatedAt: z.string().nullable(),
    types: z.array(ZSearchIndexTypeStats),
    lastRebuild: ZSearchTask.nullable().describe('The newest finished rebuild'),
    currentTask: ZSearchTask.nullable().describe('A rebuild waiting or running'),
  })
  .describe('One index, as the search indexes screen shows it');
export type TSearchIndexStats = z.infer<typeof ZSearchIndexStats>;

export const ZSearchIndexesResponse = z.object({ indexes: z.array(ZSearchIndexStats) });
export type TSearchIndexesResponse = z.infer<typeof ZSearchIndexesResponse>;

export const ZSearchIndexParams = z.object({
  index: z.string().max(64).describe('Index name'),
});
export const ZSearchTaskParams = z.object({
  uid: z.coerce.number().int().min(1).describe('Task number'),
});

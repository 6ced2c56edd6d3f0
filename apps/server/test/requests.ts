import { expect } from 'vitest';
import { testPublicUrl, type TestApp } from './app';

/** The body of every API error (spec §8): a 400 names each field and rule in `issues`. */
export type ErrorBody = {
  error: {
    code: string;
    message: string;
    issues?: { path: string; rule: string; message: string }[];
  };
};

/** An answer as the tests read it: the status and the parsed JSON body. */
export type Answer<T> = { status: number; body: T };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One request as the browser sends it: the session cookie, and the app's Origin (which writes
 * need). Answers Fastify's injected response.
 */
export function injectAs(
  t: TestApp,
  cookie: string,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: testPublicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Requests as one signed-in operator (see `injectAs`), answered as `{status, body}`. The last
 * argument, `as`, sends one request with another operator's cookie.
 */
export function apiAs(t: TestApp, cookie: string) {
  const send = async <T = ErrorBody>(
    method: Method,
    url: string,
    payload?: unknown,
    as = cookie,
  ): Promise<Answer<T>> => {
    const response = await injectAs(t, as, method, url, payload);
    return { status: response.statusCode, body: response.json<T>() };
  };
  return {
    send,
    get: <T = ErrorBody>(url: string, as = cookie) => send<T>('GET', url, undefined, as),
    post: <T = ErrorBody>(url: string, payload: unknown, as = cookie) =>
      send<T>('POST', url, payload, as),
    patch: <T = ErrorBody>(url: string, payload: unknown, as = cookie) =>
      send<T>('PATCH', url, payload, as),
  };
}

/** Requests as one signed-in operator: what `apiAs` answers. */
export type OperatorApi = ReturnType<typeof apiAs>;

/** Either an `Answer` or Fastify's raw injected response. */
type Reply = Answer<unknown> | { statusCode: number; body: string; json(): unknown };

function answerOf(reply: Reply): Answer<ErrorBody> {
  return 'statusCode' in reply
    ? { status: reply.statusCode, body: reply.json() as ErrorBody }
    : (reply as Answer<ErrorBody>);
}

/** The issues of an error answer as `path:rule`, in order. */
export const issuesOf = (body: ErrorBody) =>
  (body.error.issues ?? []).map((issue) => `${issue.path}:${issue.rule}`);

/** Expects a 400 whose first issue names the field (`body.x`, `query.y`) and, when given, the rule. */
export function expectInvalid(reply: Reply, path: string, rule?: string) {
  const { status, body } = answerOf(reply);
  expect(status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe('invalid-argument');
  expect(body.error.issues?.[0], JSON.stringify(body)).toMatchObject(
    rule === undefined ? { path } : { path, rule },
  );
}

/** Expects a 409 (the record changed since it was read) with the message that says so. */
export function expectConflict(reply: Reply, message: RegExp) {
  const { status, body } = answerOf(reply);
  expect(status, JSON.stringify(body)).toBe(409);
  expect(body.error.message).toMatch(message);
}

/** Expects a 403 naming the action (`members.edit`, …) the operator's roles do not allow. */
export function expectForbidden(reply: Reply, action?: string) {
  const { status, body } = answerOf(reply);
  expect(status, JSON.stringify(body)).toBe(403);
  expect(body.error.code).toBe('permission-denied');
  if (action) expect(body.error.message).toContain(action);
}

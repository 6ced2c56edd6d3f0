import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { injectAs } from '../../test/requests';

describe('the callable protocol of POST /functions/searchParams', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'caller@example.org');
  });
  afterAll(() => t.close());

  const call = (body: unknown) => injectAs(t, cookie, 'POST', '/functions/searchParams', body);

  it('answers a request of only `data` with the result', async () => {
    for (const body of [{ data: {} }, { data: null }]) {
      const response = await call(body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: expect.objectContaining({ index: 'operations' }) });
    }
  });

  it('refuses a body with fields beside `data` as malformed: 400 INVALID_ARGUMENT', async () => {
    for (const body of [{ data: {}, extra: true }, { data: {}, result: {} }, { dta: {} }]) {
      const response = await call(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = response.json<{ error: Record<string, unknown> }>();
      expect(Object.keys(response.json<object>())).toEqual(['error']);
      expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.any(String) });
      expect(error.message).toMatch(/unrecognized key/i);
    }
  });
});

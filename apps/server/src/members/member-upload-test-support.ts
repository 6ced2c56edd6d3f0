import type { TMemberUpload } from '@ops/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app';

/**
 * A members CSV through the console's three upload steps, as an operator clicks them: uploaded as
 * `filename`, validated with the mapping the upload proposes, committed in `mode`; each step
 * must succeed. For the tests that need members imported the way the console imports them.
 * Answers the upload and the validation it got.
 */
export async function uploadMembersCsv(
  t: TestApp,
  cookie: string,
  filename: string,
  csv: string,
  mode: 'valid-only' | 'all-or-nothing',
) {
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/members/uploads?filename=${filename}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(csv, 'utf8'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const upload = uploaded.json<TMemberUpload>();
  const validated = await t.app.inject({
    method: 'POST',
    url: `/api/members/uploads/${upload.id}/validate`,
    headers: { cookie },
    payload: { mapping: upload.mapping },
  });
  expect(validated.statusCode, validated.body).toBe(200);
  const committed = await t.app.inject({
    method: 'POST',
    url: `/api/members/uploads/${upload.id}/commit`,
    headers: { cookie },
    payload: { mode },
  });
  expect(committed.statusCode, committed.body).toBe(200);
  return { upload, validation: validated.json<TMemberUpload>().validation };
}

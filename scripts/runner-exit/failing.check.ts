// A test that fails on purpose: `scripts/check-runner-exit.mjs` runs it with each runner's own
// configuration and asserts that the runner exits non-zero. Issue 30: Vitest printed "1 failed"
// and exited 0, because a library's exit hook reset the status. Never part of the suite itself.
import { expect, test } from 'vitest';

test('fails on purpose (the runner must exit non-zero)', () => {
  expect(1 + 1, 'this test exists to fail').toBe(3);
});

/**
 * Polls `read` until it answers a value (not `undefined`) and answers that value; fails after
 * `timeoutMs`. With `ignoreErrors`, a read that throws (a database that is down) counts as no
 * value yet.
 */
export async function waitUntil<T>(
  read: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; ignoreErrors?: boolean },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await (options.ignoreErrors ? read().catch(() => undefined) : read());
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

// What `fetch` rejects with when no answer came back, by browser: Chromium, Firefox, Safari.
const networkFailureMessages = /failed to fetch|networkerror|load failed|network request failed/i;

/** True when a request failed before any HTTP answer (offline, DNS, connection refused, CORS). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && networkFailureMessages.test(error.message);
}

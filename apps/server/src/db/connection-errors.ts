/**
 * Errors that mean "PostgreSQL cannot be reached right now" rather than "this statement is
 * wrong": the server refusing or dropping connections (stopped, restarting, cut off), the pool's
 * connection timeout, and SQLSTATE classes 08 (connection exception) and 57P (operator
 * intervention: shutdown, crash, starting up). A request that meets one is answered 503, and the
 * background workers wait and try again.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const lostConnectionMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (networkCodes.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
    }
    if (typeof message === 'string' && lostConnectionMessages.some((m) => message.includes(m))) {
      return true;
    }
    // AggregateError (a connection tried on IPv4 and IPv6) and `cause` chains.
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((item) => isDatabaseUnreachable(item))) return true;
    current = cause;
  }
  return false;
}

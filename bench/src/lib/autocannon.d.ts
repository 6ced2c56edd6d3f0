// The part of autocannon 9's programmatic API the load benchmark uses (the package ships no
// types). See node_modules/autocannon/README.md.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type RequestSpec = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  /** A request of the list each connection cycles through; its context is the connection's. */
  export type Request<Context> = RequestSpec & {
    setupRequest?: (request: RequestSpec, context: Context) => RequestSpec | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: Context,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type Client<Context> = EventEmitter & {
    requestIterator: {
      context: Context;
      initialContext: Context;
      requests: Request<Context>[];
      resetContext(): void;
      setRequests(requests: Request<Context>[]): void;
    };
  };

  export type Options<Context> = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: Request<Context>[];
    initialContext?: Context;
    setupClient?: (client: Client<Context>) => void;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: string]: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  export type Instance<Context> = EventEmitter &
    PromiseLike<Result> & {
      on(
        event: 'response',
        listener: (
          client: Client<Context>,
          status: number,
          bytes: number,
          responseTimeMs: number,
        ) => void,
      ): Instance<Context>;
      on(event: 'reqError', listener: (error: Error) => void): Instance<Context>;
      stop(): void;
    };

  function autocannon<Context>(options: Options<Context>): Instance<Context>;
  export default autocannon;
}

import { clock } from './clock';
import {
  openRetryingEventSource,
  type EventSourceLike,
  type RetryingEventSourceHandle,
} from './event-stream';

/**
 * The contract's `eventStreamPath`, mirrored: this module is on the sign-in path, where a value
 * import from `@ops/contract` would pull zod into the first bundle. `operator-stream.test.ts`
 * checks it against the contract.
 */
export const eventStreamPath = '/api/events/stream';

/**
 * What the one event stream of the browser tells every subscriber of a tab. `data` is passed on
 * as the server sent it; each subscriber reads what it needs.
 */
export type BrowserStreamEvent =
  /** The signed-in user's operator record, or `null`, as JSON: at once, then on every change. */
  | { type: 'operator'; data: string }
  /** A record changed: `{table, id, op}` as JSON (only sent while the user is an operator). */
  | { type: 'change'; data: string }
  /**
   * Changes may have been missed: the server's database listener reconnected, the connection
   * came back, another tab took the stream over, or the page came back from the back/forward
   * cache. Whatever shows live data should fetch it again.
   */
  | { type: 'reconnected' }
  /** The connection dropped; the browser reconnects by itself. */
  | { type: 'lost' }
  /** The server refused or ended the stream (e.g. 401): it is opened again after a delay. */
  | { type: 'refused' };

export type BrowserStreamListener = (event: BrowserStreamEvent) => void;

export type BrowserStream = {
  /** Calls `listener` with every event from now on; returns the unsubscribe function. */
  subscribe(listener: BrowserStreamListener): () => void;
  /**
   * Opens the stream again on a new connection, in whichever tab holds it: the signed-in user
   * changed, and the connection still speaks for the previous session.
   */
  reopen(): void;
};

/** The parts of the Web Locks API used here, so tests can pass their own. */
export type LockManagerLike = {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
};

/** The parts of BroadcastChannel used here. */
export type BroadcastChannelLike = {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
};

/** Where `pagehide` and `pageshow` arrive (the window). */
export type PageLike = {
  addEventListener(
    type: 'pagehide' | 'pageshow',
    listener: (event: { readonly persisted: boolean }) => void,
  ): void;
};

export type BrowserStreamOptions = {
  /** Missing (an old browser, or a page not served over https or from localhost): no sharing. */
  locks?: LockManagerLike;
  BroadcastChannel?: new (name: string) => BroadcastChannelLike;
  page?: PageLike;
  createEventSource?: (url: string) => EventSourceLike;
  /** Delay before opening a refused stream again: grows from 1 s to 30 s. */
  retryDelayMs?: (attempt: number) => number;
  /** The lock and the channel the tabs meet on. */
  name?: string;
  url?: string;
};

/** What the leader's connection produced, handled the same way in every tab. */
type Signal = { type: 'open' } | BrowserStreamEvent;

/** The messages tabs exchange on the channel. */
type Relay =
  /** From the leader: its stream's signals, for every tab. */
  | { kind: 'signal'; signal: Signal }
  /** A tab joined and asks for what it missed. */
  | { kind: 'hello'; from: string }
  /** The leader's answer: the last operator record it got, null while it has none. */
  | { kind: 'welcome'; to: string; operator: string | null }
  /** For the leader: open the stream again on a new connection. */
  | { kind: 'reopen' };

const defaultName = 'ops-event-stream';

/**
 * One Server-Sent Events connection per browser, shared by its tabs. Browsers allow six HTTP/1.1
 * connections per host, so a stream per tab left the fourth tab's requests waiting for ever.
 *
 * The tabs elect a leader with the Web Locks API: the tab granted the lock opens the EventSource
 * and relays what it hears over a BroadcastChannel; the others wait in the lock's queue, and
 * when the leader's tab closes (its lock is released with it) the next one takes over, opening
 * a new connection (every tab is then told `reconnected`, as changes may have been missed in
 * between). A tab leaves on `pagehide` and comes back on a `pageshow` from the back/forward
 * cache, so no cached page holds a connection. Without Web Locks or BroadcastChannel, every tab
 * has its own EventSource. The connection is open only while the tab has subscribers.
 */
export function createBrowserStream({
  locks,
  BroadcastChannel: Channel,
  page,
  createEventSource,
  retryDelayMs,
  name = defaultName,
  url = eventStreamPath,
}: BrowserStreamOptions = {}): BrowserStream {
  const tabId = `${clock.nowMs().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const listeners = new Set<BrowserStreamListener>();
  /** The last operator record (JSON) this tab heard: a new subscriber gets it at once. */
  let lastOperator: string | null = null;
  /** This tab has heard the stream before: its next opening means changes may have been missed. */
  let hasHeardStream = false;

  let isJoined = false;
  let isHiddenInCache = false;
  let channel: BroadcastChannelLike | null = null;
  let stopWaiting: AbortController | null = null;
  let releaseLock: (() => void) | null = null;
  let source: RetryingEventSourceHandle | null = null;

  const dispatch = (event: BrowserStreamEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  /** A signal of the leader's connection, the same in every tab (the leader's too). */
  function receive(signal: Signal) {
    switch (signal.type) {
      case 'open':
        if (hasHeardStream) dispatch({ type: 'reconnected' });
        hasHeardStream = true;
        return;
      case 'operator':
        lastOperator = signal.data;
        hasHeardStream = true;
        break;
      case 'refused':
        lastOperator = null; // most likely the session ended: what was heard is no longer true
        break;
      case 'change':
      case 'reconnected':
        hasHeardStream = true;
        break;
    }
    dispatch(signal);
  }

  function emit(signal: Signal) {
    receive(signal);
    channel?.postMessage({ kind: 'signal', signal } satisfies Relay);
  }

  function lead() {
    source = openRetryingEventSource({
      url,
      createEventSource,
      retryDelayMs,
      listen: (eventSource, markHealthy) => {
        eventSource.onopen = () => emit({ type: 'open' });
        eventSource.addEventListener('operator', (event) => {
          markHealthy();
          emit({ type: 'operator', data: String(event.data) });
        });
        eventSource.addEventListener('change', (event) =>
          emit({ type: 'change', data: String(event.data) }),
        );
        eventSource.addEventListener('reconnected', () => emit({ type: 'reconnected' }));
      },
      onLost: () => emit({ type: 'lost' }),
      onRefused: () => emit({ type: 'refused' }),
    });
  }

  function reopenAsLeader() {
    lastOperator = null;
    source?.reopen();
  }

  function onRelay(message: Relay) {
    switch (message.kind) {
      case 'signal':
        if (!source) receive(message.signal);
        return;
      case 'hello':
        if (!source) return;
        channel?.postMessage({
          kind: 'welcome',
          to: message.from,
          operator: lastOperator,
        } satisfies Relay);
        // A refused stream waiting for its next attempt: the newcomer may have just signed in.
        source.retryNow();
        return;
      case 'welcome':
        if (message.to !== tabId || message.operator === null) return;
        receive({ type: 'operator', data: message.operator });
        return;
      case 'reopen':
        if (source) reopenAsLeader();
        return;
    }
  }

  function join() {
    if (isJoined) return;
    isJoined = true;
    if (!locks || !Channel) {
      lead();
      return;
    }
    const openChannel = new Channel(name);
    openChannel.onmessage = (event) => onRelay(event.data as Relay);
    channel = openChannel;
    const waiting = new AbortController();
    stopWaiting = waiting;
    locks
      .request(
        name,
        { signal: waiting.signal },
        () =>
          new Promise<void>((release) => {
            // Granted just as this tab left: pass the lock on at once.
            if (waiting.signal.aborted) {
              release();
              return;
            }
            releaseLock = release;
            lead();
          }),
      )
      .catch(() => undefined); // aborted: the tab left before its turn came
    openChannel.postMessage({ kind: 'hello', from: tabId } satisfies Relay);
  }

  function leave() {
    if (!isJoined) return;
    isJoined = false;
    source?.close();
    source = null;
    stopWaiting?.abort();
    stopWaiting = null;
    releaseLock?.();
    releaseLock = null;
    channel?.close();
    channel = null;
  }

  page?.addEventListener('pagehide', () => {
    if (!isJoined) return;
    isHiddenInCache = true;
    leave();
  });
  page?.addEventListener('pageshow', (event) => {
    if (!event.persisted || !isHiddenInCache) return;
    isHiddenInCache = false;
    if (listeners.size === 0) return;
    join();
    // The page was frozen: whatever happened meanwhile was not heard.
    dispatch({ type: 'reconnected' });
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!isHiddenInCache) join();
      if (lastOperator !== null) listener({ type: 'operator', data: lastOperator });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) leave();
      };
    },
    reopen() {
      lastOperator = null;
      if (source) reopenAsLeader();
      else channel?.postMessage({ kind: 'reopen' } satisfies Relay);
    },
  };
}

let shared: BrowserStream | undefined;

/** The browser stream of this tab, made on first use with the browser's own APIs. */
export function browserStream(): BrowserStream {
  shared ??= createBrowserStream({
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    page: typeof window !== 'undefined' ? window : undefined,
  });
  return shared;
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  createBrowserStream,
  type BrowserStreamEvent,
  type LockManagerLike,
  type PageLike,
} from './browser-stream';
import { fakeEventSources } from './testing/fake-event-source';

/**
 * The browser's Web Locks for exclusive locks, as the tabs of one browser share them: one holder
 * per name, the others granted in the order they asked, a request aborted while it waits is
 * rejected, and the lock is free again when the holder's promise settles. (Node has no
 * navigator.locks; its BroadcastChannel is the real one and delivers between instances.)
 */
class BrowserLocks implements LockManagerLike {
  private holder: string | null = null;
  private waiting: { name: string; grant: () => void }[] = [];

  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
    return new Promise<unknown>((resolve, reject) => {
      const entry = {
        name,
        grant: () => {
          this.holder = name;
          void callback()
            .then(resolve, reject)
            .finally(() => {
              this.holder = null;
              this.grantNext();
            });
        },
      };
      options.signal?.addEventListener('abort', () => {
        if (!this.waiting.includes(entry)) return; // already granted: aborting does nothing
        this.waiting = this.waiting.filter((other) => other !== entry);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      });
      this.waiting.push(entry);
      this.grantNext();
    });
  }

  private grantNext() {
    if (this.holder !== null) return;
    this.waiting.shift()?.grant();
  }
}

/** A tab's window, which the test sends `pagehide` and `pageshow` to. */
class FakePage extends EventTarget {
  hide() {
    this.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
  }
  /** Back from the back/forward cache. */
  show() {
    this.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  }
}

/** Lets the channel's messages and the lock grants arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let browserCount = 0;
const cleanUps: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

/** One browser: its tabs share the locks and the channel name, and the event sources they open. */
function browser(options: { locks?: boolean } = {}) {
  const name = `ops-event-stream-test-${++browserCount}`;
  const locks = new BrowserLocks();
  const sources = fakeEventSources();
  const openTab = () => {
    const page = new FakePage();
    const stream = createBrowserStream({
      name,
      locks: options.locks === false ? undefined : locks,
      BroadcastChannel,
      // The events carry `persisted` as PageTransitionEvent does.
      page: page as unknown as PageLike,
      createEventSource: sources.create,
      retryDelayMs: () => 10,
    });
    const events: BrowserStreamEvent[] = [];
    const unsubscribe = stream.subscribe((event) => events.push(event));
    cleanUps.push(unsubscribe);
    return { page, stream, events, unsubscribe };
  };
  return { sources, openTab };
}

const operator = (uid: string) => JSON.stringify({ uid, roles: ['admin'], active: true });

describe('the browser stream shared by the tabs of a browser', () => {
  it('opens one connection for all tabs and relays its events to every tab', async () => {
    const { sources, openTab } = browser();
    const tabs = [openTab(), openTab(), openTab()];
    await settle();
    expect(sources.created).toHaveLength(1);

    const source = sources.latest;
    source.open();
    source.send('operator', operator('u1'));
    source.send('change', '{"table":"members","id":"m1","op":"update"}');
    source.send('reconnected', '{}');
    await settle();
    for (const tab of tabs) {
      expect(tab.events).toEqual([
        { type: 'operator', data: operator('u1') },
        { type: 'change', data: '{"table":"members","id":"m1","op":"update"}' },
        { type: 'reconnected' },
      ]);
    }
  });

  it('gives a tab opened later the operator record at once, from the tab holding the stream', async () => {
    const { sources, openTab } = browser();
    openTab();
    await settle();
    sources.latest.open();
    sources.latest.send('operator', operator('u1'));

    const later = openTab();
    await settle();
    expect(later.events).toEqual([{ type: 'operator', data: operator('u1') }]);
    expect(sources.created).toHaveLength(1);
  });

  it('hands the stream to the next tab when the leader leaves, and tells every tab to refetch', async () => {
    const { sources, openTab } = browser();
    const [leader, second, third] = [openTab(), openTab(), openTab()];
    await settle();
    const first = sources.latest;
    first.open();
    first.send('operator', operator('u1'));
    await settle();

    leader.page.hide(); // the tab closes or goes into the back/forward cache
    await settle();
    expect(first.isClosed).toBe(true);
    expect(sources.created).toHaveLength(2);
    const next = sources.latest;
    next.open();
    next.send('operator', operator('u1'));
    next.send('change', '{"table":"countries","id":"CH","op":"update"}');
    await settle();
    for (const tab of [second, third]) {
      expect(tab.events.slice(1)).toEqual([
        { type: 'reconnected' }, // changes made while nobody listened may have been missed
        { type: 'operator', data: operator('u1') },
        { type: 'change', data: '{"table":"countries","id":"CH","op":"update"}' },
      ]);
    }
    expect(leader.events).toHaveLength(1); // the hidden tab heard none of it
  });

  it('tells every tab when the server refused the stream, so each checks its session', async () => {
    const { sources, openTab } = browser();
    const tabs = [openTab(), openTab()];
    await settle();
    sources.latest.fail(2);
    await settle();
    for (const tab of tabs) expect(tab.events).toEqual([{ type: 'refused' }]);
    expect(sources.created).toHaveLength(2); // opened again after the delay
  });

  it('holds no connection for a page in the back/forward cache, and catches up when it returns', async () => {
    const { sources, openTab } = browser();
    const only = openTab();
    await settle();
    sources.latest.open();
    only.page.hide();
    await settle();
    expect(sources.latest.isClosed).toBe(true);

    only.page.show();
    await settle();
    expect(sources.created).toHaveLength(2);
    expect(sources.latest.isClosed).toBe(false);
    sources.latest.open();
    // Once at the return, once when the connection is back: both mean "refetch".
    expect(only.events).toEqual([{ type: 'reconnected' }, { type: 'reconnected' }]);
  });

  it('lets a follower in the back/forward cache stop waiting for the lock', async () => {
    const { sources, openTab } = browser();
    const leader = openTab();
    const follower = openTab();
    await settle();
    follower.page.hide();
    leader.page.hide();
    await settle();
    // Neither holds a connection now: the follower did not take the lock over while hidden.
    expect(sources.created).toHaveLength(1);
    expect(sources.latest.isClosed).toBe(true);
  });

  it('closes the connection when the last subscriber of the leader leaves, and another tab takes over', async () => {
    const { sources, openTab } = browser();
    const leader = openTab();
    openTab();
    await settle();
    leader.unsubscribe();
    await settle();
    expect(sources.created[0]?.isClosed).toBe(true);
    expect(sources.created).toHaveLength(2);
    expect(sources.latest.isClosed).toBe(false);
  });

  it('reopens the connection in the leading tab when a follower asks (another user signed in)', async () => {
    const { sources, openTab } = browser();
    openTab();
    const follower = openTab();
    await settle();
    follower.stream.reopen();
    await settle();
    expect(sources.created).toHaveLength(2);
    expect(sources.created[0]?.isClosed).toBe(true);
  });

  it('opens one connection per tab where Web Locks are missing', async () => {
    const { sources, openTab } = browser({ locks: false });
    const tabs = [openTab(), openTab()];
    await settle();
    expect(sources.created).toHaveLength(2);
    sources.created[0]?.send('operator', operator('u1'));
    await settle();
    expect(tabs[0]?.events).toHaveLength(1);
    expect(tabs[1]?.events).toHaveLength(0);
  });
});

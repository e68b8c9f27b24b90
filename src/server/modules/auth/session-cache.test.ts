import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from './session-cache';

const row = (sessionId: number, adminId = 10, merchantId = 100) => ({
  sessionId,
  adminId,
  merchantId,
  lastSeenAt: new Date(0),
});
type Row = ReturnType<typeof row>;

/** A database that hands each notification straight back, as PostgreSQL does on commit. */
const echo = (cache: SessionCache<Row>) => async (payload: string) => {
  queueMicrotask(() => cache.listener.message(payload));
};
/** One whose notifications never arrive (a pooler that drops LISTEN). */
const silent = async () => {};

async function liveCache(now = () => 0) {
  const cache = new SessionCache<Row>(now);
  cache.listener.live(true);
  expect(await cache.heartbeat(echo(cache))).toBe(true);
  return cache;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionCache', () => {
  it('keeps nothing until it listens and has heard its heartbeat', async () => {
    const cache = new SessionCache<Row>();
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toBeUndefined();
    cache.listener.live(true);
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toBeUndefined();
    await cache.heartbeat(echo(cache));
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toEqual(row(1));
    // The connection lost: what was kept may have changed unheard.
    cache.listener.live(false);
    cache.listener.live(true);
    await cache.heartbeat(echo(cache));
    expect(cache.get('t1')).toBeUndefined();
  });

  it('stops answering when its heartbeats stop coming back', async () => {
    vi.useFakeTimers();
    let now = 0;
    const cache = new SessionCache<Row>(() => now);
    cache.listener.live(true);
    await cache.heartbeat(echo(cache));
    cache.put('t1', row(1), cache.begin());
    // Heard 25 s ago at most: still answering.
    now = 25_000;
    expect(cache.get('t1')).toBeDefined();
    now = 25_001;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.live).toBe(false);
    // A heartbeat that never arrives: given up after 5 s, and the cache emptied.
    now = 30_000;
    await cache.heartbeat(echo(cache));
    cache.put('t2', row(2), cache.begin());
    const lost = cache.heartbeat(silent);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await lost).toBe(false);
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.live).toBe(false);
  });

  it('drops a session, an account’s sessions, a merchant’s sessions, or all, as notified', async () => {
    const cache = await liveCache();
    const fill = () => {
      cache.put('t1', row(1, 10, 100), cache.begin());
      cache.put('t2', row(2, 10, 100), cache.begin());
      cache.put('t3', row(3, 11, 100), cache.begin());
      cache.put('t4', row(4, 12, 101), cache.begin());
    };
    const kept = () => ['t1', 't2', 't3', 't4'].filter((t) => cache.get(t));
    fill();
    cache.listener.message('s2');
    expect(kept()).toEqual(['t1', 't3', 't4']);
    cache.listener.message('a10');
    expect(kept()).toEqual(['t3', 't4']);
    fill();
    cache.listener.message('m100');
    expect(kept()).toEqual(['t4']);
    fill();
    cache.listener.message('*');
    expect(kept()).toEqual([]);
  });

  it('does not keep a row read before a change it has heard of', async () => {
    const cache = await liveCache();
    const generation = cache.begin();
    cache.listener.message('s99'); // any change, heard while the read was under way
    cache.put('t1', row(1), generation);
    expect(cache.get('t1')).toBeUndefined();
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toBeDefined();
  });

  it('lets an entry live 30 s at most', async () => {
    let now = 0;
    const cache = await liveCache(() => now);
    cache.put('t1', row(1), cache.begin());
    await cache.heartbeat(echo(cache)); // still hearing at 0 s
    now = 20_000;
    await cache.heartbeat(echo(cache));
    now = 30_000;
    expect(cache.get('t1')).toBeDefined();
    now = 30_001;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('is caught up once its own notification comes back, after those before it', async () => {
    const cache = await liveCache();
    cache.put('t1', row(1), cache.begin());
    const sent: string[] = [];
    let done = false;
    const caughtUp = cache
      .caughtUp(async (payload) => {
        sent.push(payload);
      })
      .then((heard) => {
        done = heard;
      });
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    cache.listener.message('s1');
    cache.listener.message('~another-server.0');
    await Promise.resolve();
    expect(done).toBe(false);
    cache.listener.message(sent[0]!);
    await caughtUp;
    expect(done).toBe(true);
    expect(cache.get('t1')).toBeUndefined();
  });
});

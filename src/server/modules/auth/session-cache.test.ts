import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const row = (sessionId: number, adminId = 10, merchantId = 100) => ({
  sessionId,
  adminId,
  merchantId,
  lastSeenAt: new Date(0),
});

function liveCache(now = () => 0) {
  const cache = new SessionCache<ReturnType<typeof row>>(now);
  cache.listener.live(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps nothing while not listening', () => {
    const cache = new SessionCache<ReturnType<typeof row>>();
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toBeUndefined();
    cache.listener.live(true);
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toEqual(row(1));
    // The connection lost: what was kept may have changed unheard.
    cache.listener.live(false);
    cache.listener.live(true);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('drops a session, an account’s sessions, a merchant’s sessions, or all, as notified', () => {
    const cache = liveCache();
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

  it('does not keep a row read before a change it has heard of', () => {
    const cache = liveCache();
    const generation = cache.begin();
    cache.listener.message('s99'); // any change, heard while the read was under way
    cache.put('t1', row(1), generation);
    expect(cache.get('t1')).toBeUndefined();
    cache.put('t1', row(1), cache.begin());
    expect(cache.get('t1')).toBeDefined();
  });

  it('lets an entry live 30 s at most', () => {
    let now = 0;
    const cache = liveCache(() => now);
    cache.put('t1', row(1), cache.begin());
    now = 30_000;
    expect(cache.get('t1')).toBeDefined();
    now = 30_001;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('is caught up once its own notification comes back, after those before it', async () => {
    const cache = liveCache();
    cache.put('t1', row(1), cache.begin());
    const sent: string[] = [];
    let done = false;
    const caughtUp = cache
      .caughtUp(async (payload) => {
        sent.push(payload);
      })
      .then(() => {
        done = true;
      });
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    cache.listener.message('s1');
    cache.listener.message('~999'); // another server's
    await Promise.resolve();
    expect(done).toBe(false);
    cache.listener.message(sent[0]!);
    await caughtUp;
    expect(cache.get('t1')).toBeUndefined();
  });
});

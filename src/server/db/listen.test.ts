import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { testDatabase } from '../test-support';

it('hears notifications, and on PostgreSQL listens again after losing its connection', async () => {
  const database = await testDatabase();
  const heard: string[] = [];
  const states: boolean[] = [];
  const stop = await database.listen('listen_test', {
    message: (payload) => heard.push(payload),
    live: (listening) => states.push(listening),
  });
  expect(states).toEqual([true]);
  await database.db.execute(sql`select pg_notify('listen_test', 'one')`);
  await vi.waitFor(() => expect(heard).toEqual(['one']));

  if (database.kind === 'postgres') {
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN "listen_test"'`);
    // Told it may miss notifications, then connected again (after half a second).
    await vi.waitFor(() => expect(states).toEqual([true, false, true]), { timeout: 5_000 });
    await database.db.execute(sql`select pg_notify('listen_test', 'two')`);
    await vi.waitFor(() => expect(heard).toEqual(['one', 'two']));
  }

  await stop();
  expect(states.at(-1)).toBe(false);
  await database.db.execute(sql`select pg_notify('listen_test', 'three')`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(heard).not.toContain('three');
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { defaultPoolSize } from './client';

describe('the PostgreSQL pool', () => {
  it('holds twice the cores by default, at most 10', () => {
    expect([1, 2, 4, 5, 64].map((cores) => defaultPoolSize(cores))).toEqual([2, 4, 8, 10, 10]);
  });

  it('takes DATABASE_POOL_SIZE, and refuses fewer than the 2 start-up needs', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).DATABASE_POOL_SIZE).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

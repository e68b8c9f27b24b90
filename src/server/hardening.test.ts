import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
afterEach(() => t.close());

describe('the API rate limit', () => {
  it('counts calls refused for their token too', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await t.post('/admin/menu/index', {}, `forged-${i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

import { describe, expect, it } from 'vitest';
import { nextPaid, signalPaid } from './paid-signal';

describe('the paid signal', () => {
  it("wakes the merchant's waits at a payment, not another merchant's", async () => {
    const woken: string[] = [];
    // Waits of a minute: only the signal ends them within the test.
    const mine = nextPaid(7, 60_000).then(() => woken.push('mine'));
    const theirs = nextPaid(8, 50).then(() => woken.push('theirs by time'));
    signalPaid(7);
    await mine;
    await theirs;
    expect(woken).toEqual(['mine', 'theirs by time']);
  });
});

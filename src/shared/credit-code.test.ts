import { describe, expect, it } from 'vitest';
import { creditCheckChar, creditCodeProblem, isCreditCode } from './credit-code';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts real codes, their check character computed from the other 17', () => {
    for (const code of [
      '91350100M000100Y43',
      '911101080828461726',
      '91110000802100433B',
      '9144030071526726XG',
    ]) {
      expect(isCreditCode(code), code).toBe(true);
      expect(creditCheckChar(code.slice(0, 17))).toBe(code[17]);
    }
  });

  it('refuses a code whose check character is wrong, naming why', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('check');
    // One character of the body changed: the check no longer fits.
    expect(creditCodeProblem('91350100M000200Y43')).toBe('check');
    // A check value of 0 is written "0", never "31" (the sum mod 31 is 0 here).
    const body = '91350100M000100Y4';
    expect(creditCheckChar(body)).toBe('3');
  });

  it('refuses the wrong length, letters outside the alphabet and a region that is not digits', () => {
    expect(creditCodeProblem('91350100M000100Y4')).toBe('length');
    expect(creditCodeProblem('91350100M000100Y433')).toBe('length');
    expect(creditCodeProblem('')).toBe('length');
    // I, O, Z, S, V and lower case are not in the alphabet.
    expect(creditCodeProblem('91350100M000100I43')).toBe('characters');
    expect(creditCodeProblem('91350100m000100y43')).toBe('characters');
    expect(creditCodeProblem('91A50100M000100Y43')).toBe('region');
  });

  it('finds every single-character change of a valid code', () => {
    const code = '911101080828461726';
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    for (let i = 0; i < 18; i++)
      for (const c of alphabet) {
        if (c === code[i]) continue;
        const changed = code.slice(0, i) + c + code.slice(i + 1);
        expect(isCreditCode(changed), changed).toBe(false);
      }
  });
});

import { describe, expect, it } from 'vitest';
import {
  canMove,
  infoBody,
  isSettled,
  MACHINES,
  nameLength,
  nameProblems,
  registerBody,
} from './mini-program';

describe('mini-program name rules', () => {
  it('counts a Chinese character as two', () => {
    expect(nameLength('茶馆')).toBe(4);
    expect(nameLength('Tea 1')).toBe(5);
  });

  it('accepts names within the rules', () => {
    for (const name of ['西湖茶馆', 'Lake Tea', '西湖 Tea & Co', '一点点+奶茶', 'A1 咖啡'])
      expect(nameProblems(name), name).toEqual([]);
  });

  it('says every rule a name breaks', () => {
    expect(nameProblems('茶')).toEqual(['length']);
    expect(nameProblems('abc')).toEqual(['length']);
    // 16 Chinese characters count 32.
    expect(nameProblems('一二三四五六七八九十一二三四五六')).toEqual(['length']);
    expect(nameProblems('西湖茶馆!')).toEqual(['characters']);
    expect(nameProblems('12345')).toEqual(['digits']);
    expect(nameProblems(' 西湖茶馆')).toEqual(['spaces']);
    expect(nameProblems('西湖  茶馆')).toEqual(['spaces']);
    expect(nameProblems('西湖微信茶馆')).toEqual(['brand']);
    expect(nameProblems('WeChat Tea')).toEqual(['brand']);
    expect(nameProblems('1')).toEqual(['length', 'digits']);
  });

  it("the info form's schema reports them", () => {
    const bad = infoBody.safeParse({
      name: '微信一二三四五六七八九十一二三四',
      avatar: '/u/a.png',
      intro: '好茶',
      categories: [],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('mini-program-info:nameRules.length');
    expect(messages).toContain('mini-program-info:nameRules.brand');
    expect(messages).toContain('mini-program-info:rules.intro');
    expect(messages).toContain('mini-program-info:rules.categories');
  });
});

describe('registration form', () => {
  const valid = {
    kind: 'enterprise',
    companyName: '杭州西湖茶馆有限公司',
    creditCode: '91350100m000100y43',
    legalName: '王五',
    legalWechat: 'wangwu_88',
    contactPhone: '13800000000',
  };
  it('takes a credit code in lower case as upper case', () => {
    expect(registerBody.parse(valid).creditCode).toBe('91350100M000100Y43');
  });
  it('refuses a bad check character with its reason', () => {
    const bad = registerBody.safeParse({ ...valid, creditCode: '91350100M000100Y44' });
    expect(bad.error?.issues[0]?.message).toBe('mini-program-registration:creditCodeRules.check');
    expect(bad.error?.issues[0]?.path).toEqual(['creditCode']);
  });
});

describe('state machines', () => {
  it('registration: submitted → confirming → success / failed, nothing after', () => {
    expect(canMove('registration', 'submitted', 'confirming')).toBe(true);
    expect(canMove('registration', 'confirming', 'success')).toBe(true);
    expect(canMove('registration', 'confirming', 'failed')).toBe(true);
    // A repeated or stale word moves nothing.
    expect(canMove('registration', 'confirming', 'confirming')).toBe(false);
    expect(canMove('registration', 'success', 'confirming')).toBe(false);
    expect(canMove('registration', 'success', 'failed')).toBe(false);
    expect(canMove('registration', 'failed', 'success')).toBe(false);
    expect(isSettled('registration', 'confirming')).toBe(false);
    expect(isSettled('registration', 'failed')).toBe(true);
  });

  it('version: reviewed, released, superseded and rolled back', () => {
    expect(canMove('version', 'uploaded', 'reviewing')).toBe(true);
    expect(canMove('version', 'uploaded', 'released')).toBe(false);
    expect(canMove('version', 'reviewing', 'approved')).toBe(true);
    expect(canMove('version', 'reviewing', 'rejected')).toBe(true);
    expect(canMove('version', 'rejected', 'reviewing')).toBe(true);
    expect(canMove('version', 'rejected', 'released')).toBe(false);
    expect(canMove('version', 'approved', 'released')).toBe(true);
    expect(canMove('version', 'approved', 'rejected')).toBe(false);
    expect(canMove('version', 'released', 'rolledBack')).toBe(true);
    expect(canMove('version', 'superseded', 'released')).toBe(true);
    expect(canMove('version', 'rolledBack', 'released')).toBe(false);
    expect(isSettled('version', 'reviewing')).toBe(false);
    expect(isSettled('version', 'approved')).toBe(true);
  });

  it('info: reviewing → approved / rejected', () => {
    expect(canMove('info', 'reviewing', 'approved')).toBe(true);
    expect(canMove('info', 'approved', 'rejected')).toBe(false);
    // Every state a machine moves to is one of its own.
    for (const machine of Object.values(MACHINES))
      for (const targets of Object.values(machine))
        for (const to of targets) expect(Object.keys(machine)).toContain(to);
  });
});

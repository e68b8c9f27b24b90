import { describe, expect, it } from 'vitest';
import {
  isExternal,
  PASSWORD_RULES,
  type PasswordRule,
  passwordPolicy,
  readSignInName,
  signInName,
  validAccountName,
  validMerchantCode,
  validURL,
} from './validate';

describe('isExternal', () => {
  it.each([
    'http://example.com',
    'https://example.com/a',
    'mailto:someone@example.com',
    'tel:+8613800000000',
  ])('accepts %s', (path) => {
    expect(isExternal(path)).toBe(true);
  });

  it.each([
    '/dashboard',
    'dashboard',
    '',
    'ftp://example.com',
    'javascript:alert(1)',
    ' http://example.com',
    'HTTP://example.com',
  ])('rejects %j', (path) => {
    expect(isExternal(path)).toBe(false);
  });
});

describe('validURL', () => {
  it.each([
    'http://a.com',
    'https://x.y.z:8080/p?q=1',
    'ftp://host/file',
    'http://localhost:3000',
    'https://www.example.com/path/to/page.html#top',
    'http://user:pa$$@example.com/',
    'ftp://user@files.example.org/pub',
    'http://192.168.1.1:8080/admin',
    'http://255.255.255.255',
    'https://sub-domain.example.co.uk/a,b;c?x=1&y=%20#f',
    'HTTPS://EXAMPLE.COM',
    'http://a.com?q=1',
    'http://xn--fsq.com',
  ])('accepts %s', (url) => {
    expect(validURL(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'mailto:x@y.z',
    'a.com',
    '',
    'http://',
    'http:/a.com',
    'file:///etc/passwd',
    'ws://a.com',
    'http://a b.com',
    'http://a.com/has space',
    'http://-a.com',
    'http://a-.com',
    'http://a..com',
    'http://.a.com',
    'http://256.1.1.1',
    'http://1.2.3',
    'http://a.com:port',
    'http://a.com:123456',
    ' http://a.com',
    'http://a.com\n',
    'http://[::1]/',
  ])('rejects %j', (url) => {
    expect(validURL(url)).toBe(false);
  });
});

describe('validAccountName', () => {
  it.each([
    'abc',
    'admin',
    'a1_',
    '007',
    'john.doe',
    'ops-team',
    'user@shop',
    'A_b-c.d@e',
    'a'.repeat(32),
  ])('accepts %s', (name) => {
    expect(validAccountName(name)).toBe(true);
  });

  it.each([
    '',
    'ab',
    'a'.repeat(33),
    '_abc',
    '-abc',
    '.abc',
    '@abc',
    'ab c',
    'abc!',
    'abc#',
    '张三丰',
    ' abc',
    'abc\n',
  ])('rejects %j', (name) => {
    expect(validAccountName(name)).toBe(false);
  });
});

describe('passwordPolicy', () => {
  it('exports the rule keys in report order', () => {
    expect(PASSWORD_RULES).toEqual(['length', 'letter', 'digit', 'sameAsOld', 'sameAsName']);
    const rule: PasswordRule = 'sameAsName';
    expect(PASSWORD_RULES).toContain(rule);
  });

  it('accepts a password with letters and digits of 8 to 128 characters', () => {
    expect(passwordPolicy('abcdefg1')).toEqual([]);
    expect(passwordPolicy(`a${'1'.repeat(127)}`)).toEqual([]);
    expect(passwordPolicy('Secur3 pass!')).toEqual([]);
  });

  it('flags a password shorter than 8 characters', () => {
    expect(passwordPolicy('abcdef1')).toEqual(['length']);
  });

  it('flags a password longer than 128 characters', () => {
    expect(passwordPolicy(`a${'1'.repeat(128)}`)).toEqual(['length']);
  });

  it('flags a password without a letter', () => {
    expect(passwordPolicy('12345678')).toEqual(['letter']);
    expect(passwordPolicy('1234567!')).toEqual(['letter']);
  });

  it('flags a password without a digit', () => {
    expect(passwordPolicy('abcdefgh')).toEqual(['digit']);
  });

  it('lists every unmet rule in order', () => {
    expect(passwordPolicy('')).toEqual(['length', 'letter', 'digit']);
    expect(passwordPolicy('!!!')).toEqual(['length', 'letter', 'digit']);
    expect(passwordPolicy('abc')).toEqual(['length', 'digit']);
  });

  it('flags the old password, exactly', () => {
    expect(passwordPolicy('abcd1234', { oldPassword: 'abcd1234' })).toEqual(['sameAsOld']);
    expect(passwordPolicy('abcd1234', { oldPassword: 'ABCD1234' })).toEqual([]);
    expect(passwordPolicy('abcd1234', { oldPassword: '' })).toEqual([]);
    expect(passwordPolicy('', { oldPassword: '' })).toEqual(['length', 'letter', 'digit']);
  });

  it('flags the account name, case-insensitively', () => {
    expect(passwordPolicy('admin123', { accountName: 'admin123' })).toEqual(['sameAsName']);
    expect(passwordPolicy('Admin123', { accountName: 'aDMIN123' })).toEqual(['sameAsName']);
    expect(passwordPolicy('Admin123', { accountName: ' admin123 ' })).toEqual(['sameAsName']);
    expect(passwordPolicy('admin1234', { accountName: 'admin123' })).toEqual([]);
    expect(passwordPolicy('admin123', { accountName: '' })).toEqual([]);
    expect(passwordPolicy('', { accountName: '  ' })).toEqual(['length', 'letter', 'digit']);
  });

  it('reports every rule at once', () => {
    expect(passwordPolicy('ab', { oldPassword: 'ab', accountName: 'AB' })).toEqual([
      'length',
      'digit',
      'sameAsOld',
      'sameAsName',
    ]);
  });
});

describe('store codes and sign-in names', () => {
  it.each(['main', 'tea-house', 'a1', 'x'.repeat(20)])('accepts the code %s', (code) => {
    expect(validMerchantCode(code)).toBe(true);
  });
  it.each(['', 'a', 'Main', '-ab', 'a_b', 'a.b', 'a@b', 'x'.repeat(21)])(
    'refuses the code %s',
    (code) => {
      expect(validMerchantCode(code)).toBe(false);
    },
  );
  it('names an owner alone and a sub-account at its store', () => {
    expect(signInName({ name: 'admin', isOwner: true }, 'main')).toBe('admin');
    expect(signInName({ name: 'clerk01', isOwner: false }, 'main')).toBe('clerk01@main');
  });
  it('reads a typed name at its last @', () => {
    expect(readSignInName('admin')).toEqual({ name: 'admin', code: null });
    expect(readSignInName('clerk01@main')).toEqual({ name: 'clerk01', code: 'main' });
    expect(readSignInName('user@shop@main')).toEqual({ name: 'user@shop', code: 'main' });
    expect(readSignInName('@main')).toEqual({ name: '@main', code: null });
  });
});

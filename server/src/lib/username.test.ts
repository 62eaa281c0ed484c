import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { isSingleScript, skeleton, usernameKey, usernameProblem } from './username';

describe('usernameKey', () => {
  it.each([
    'admin',
    'ADMIN',
    'аdmin', // Cyrillic а
    'ａｄｍｉｎ', // fullwidth
    'admın', // dotless ı
    'ADMİN', // dotted İ
    'admin\u3164', // Hangul filler
    'adrnin', // r + n for m
  ])('gives %j the key of admin', (name) => {
    expect(usernameKey(name)).toBe(usernameKey('admin'));
  });

  it.each([
    'TuraI', // capital I, drawn as l
    'tura1',
    'TURAL',
    'tura|',
  ])('gives %j the key of tural', (name) => {
    expect(usernameKey(name)).toBe(usernameKey('tural'));
  });

  it('keeps different names apart', () => {
    const names = [
      'şəhla',
      'sahla',
      'Gülnar_94',
      'gulnar_94',
      'İlkin',
      'ilqar',
      'Мария',
      'ルーシー',
      'admin1',
      'admin2',
    ];
    expect(new Set(names.map(usernameKey)).size).toBe(names.length);
  });

  it('is settled: the key of a key is itself', () => {
    for (const name of ['admin', 'user0', 'İlkin', 'Ələkbər', 'Мария', 'ΑΘΗΝΑ', '김민수']) {
      const key = usernameKey(name);
      expect(usernameKey(key)).toBe(key);
    }
  });

  it('never holds "#", which marks the keys of look-alikes an upgrade found (migration 0010)', () => {
    for (let cp = 0x20; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      if (/[\p{L}\p{N}]/u.test(char) && usernameKey(char).includes('#')) throw new Error(`U+${cp.toString(16)}`);
    }
  });

  it('follows UTS #39: NFD, default-ignorables dropped, prototypes, NFD', () => {
    expect(skeleton('pаypаl')).toBe('paypal');
    expect(skeleton('a\u200db')).toBe('ab');
    expect(skeleton('é')).toBe('e\u0301');
  });
});

describe('usernameProblem', () => {
  it.each([
    'şəhla',
    'Gülnar_94',
    'İlkin',
    'Ələkbər.Əliyev',
    'ılğım',
    'Мария',
    'ΑΘΗΝΑ',
    'ルーシー',
    '山田たろう',
    '김민수',
  ])('accepts %j', (name) => {
    expect(usernameProblem(name)).toBeUndefined();
  });

  it.each([
    ['аdmin', msg.fields.usernameScript],
    ['Ruslanдруг', msg.fields.usernameScript],
    ['adminκ', msg.fields.usernameScript],
    ['admin\u3164', msg.fields.usernameInvisible],
    ['\u115f\u1160abc', msg.fields.usernameInvisible],
    ['ab', msg.fields.username],
    ['a b c', msg.fields.username],
    ['a\u200bbc', msg.fields.username],
  ])('refuses %j', (name, text) => {
    expect(usernameProblem(name)).toBe(text);
  });

  it('lets digits, "_" and "." go with any script', () => {
    expect(isSingleScript('Мария_1990.az')).toBe(false); // "az" is Latin
    expect(isSingleScript('Мария_1990')).toBe(true);
    expect(isSingleScript('42_.')).toBe(true);
  });
});

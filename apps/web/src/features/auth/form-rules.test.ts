import { loginBodySchema, signupBodySchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { loginErrors, signupErrors } from './form-rules';

const names = ['', 'ab', 'abc', 'a'.repeat(30), 'a'.repeat(31), 'ada.lovelace_1', 'ada lovelace', 'ada-l', '  ada  ', 'ädä'];
const emails = [
  '',
  'a@b.co',
  'ada@example.com',
  'ada@example',
  'ada@@example.com',
  '.ada@example.com',
  ' Ada@Example.COM ',
  'a b@c.de',
  'x@y.z',
];
const passwords = ['', 'short', '12345678', 'a'.repeat(128), 'a'.repeat(129)];
const fullNames = ['', '   ', 'Ada', 'A'.repeat(80), 'A'.repeat(81)];

describe('the public forms check what the contract checks', () => {
  it('signup: the same fields fail as with signupBodySchema (reserved names are left to the server)', () => {
    for (const userName of names)
      for (const email of emails)
        for (const password of passwords) {
          const fullName = fullNames[(userName.length + email.length) % fullNames.length];
          const values = { userName, email, password, fullName };
          const zodFields = new Set((signupBodySchema.safeParse(values).error?.issues ?? []).map((i) => String(i.path[0])));
          expect(new Set(Object.keys(signupErrors(values))), JSON.stringify(values)).toEqual(zodFields);
        }
  });

  it('login: the same fields fail as with loginBodySchema', () => {
    for (const identifier of ['', '  ', 'ada', 'x'.repeat(255)])
      for (const password of ['', 'x', 'y'.repeat(129)]) {
        const values = { identifier, password };
        const zodFields = new Set((loginBodySchema.safeParse(values).error?.issues ?? []).map((i) => String(i.path[0])));
        expect(new Set(Object.keys(loginErrors(values))), JSON.stringify(values)).toEqual(zodFields);
      }
  });
});

import { operations } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { operationPath } from '../../api/operation';
import { AUTH_URLS } from './auth-requests';

describe('the public screens call the contract operations', () => {
  it('login, signup and the user-name check', () => {
    expect(AUTH_URLS.login).toBe(`/api/v1${operationPath(operations.login)}`);
    expect(operations.login.method).toBe('POST');
    expect(AUTH_URLS.signup).toBe(`/api/v1${operationPath(operations.signup)}`);
    expect(operations.signup.method).toBe('POST');
    expect(AUTH_URLS.checkUserName).toBe(`/api/v1${operationPath(operations.checkUserNameAvailable)}`);
    expect(operations.checkUserNameAvailable.method).toBe('POST');
    expect(AUTH_URLS.loginTwoFactor).toBe(`/api/v1${operationPath(operations.loginTwoFactor)}`);
    expect(AUTH_URLS.passkeyOptions).toBe(`/api/v1${operationPath(operations.passkeyLoginOptions)}`);
    expect(AUTH_URLS.passkeyLogin).toBe(`/api/v1${operationPath(operations.passkeyLogin)}`);
    for (const op of [operations.loginTwoFactor, operations.passkeyLoginOptions, operations.passkeyLogin]) expect(op.method).toBe('POST');
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  API_TAGS,
  ERROR_STATUSES,
  operations,
  operationUrl,
  openApiPath,
  pathParamNames,
  type FeedResponse,
  type Message,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
  type SignupBody,
} from './index';

const all = Object.entries(operations);
const keysOf = (schema: z.ZodType | undefined) => (schema && 'shape' in schema ? Object.keys((schema as z.ZodObject).shape).sort() : []);

describe('the operations', () => {
  it('are keyed by their unique operationId, and no method and path is declared twice', () => {
    for (const [key, op] of all) expect(op.operationId).toBe(key);
    const routes = all.map(([, op]) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declare a params schema exactly when the path has parameters, with the same names', () => {
    for (const [id, op] of all) {
      const declared = 'params' in op ? keysOf(op.params) : [];
      expect(declared, id).toEqual(pathParamNames(op.path).sort());
    }
  });

  it('answer 400 exactly when they take input and 401 exactly when they need a token', () => {
    for (const [id, op] of all) {
      const takesInput = ['params', 'querystring', 'body', 'multipart'].some((k) => k in op);
      const errors: readonly number[] = op.errors;
      expect(errors.includes(400), id).toBe(takesInput);
      expect(errors.includes(401), id).toBe(op.auth || id === 'login' || id === 'refreshToken');
      expect(
        [...errors].sort((a, b) => a - b),
        id,
      ).toEqual([...new Set(errors)]);
      for (const status of errors) expect(ERROR_STATUSES).toContain(status);
    }
  });

  it('leave only signing up, logging in, refreshing, the user name check, the instance, the emailed links and the signed download public', () => {
    expect(all.filter(([, op]) => !op.auth).map(([id]) => id)).toEqual([
      'signup',
      'login',
      'refreshToken',
      'checkUserNameAvailable',
      'getInstance',
      'forgotPassword',
      'resetPassword',
      'verifyEmail',
      'cancelEmailChange',
      'downloadExport',
      'loginTwoFactor',
      'passkeyLoginOptions',
      'passkeyLogin',
    ]);
  });

  it('use every tag, each with a description, and no other', () => {
    const used = new Set(all.map(([, op]) => op.tags[0]));
    expect([...used].sort()).toEqual(Object.keys(API_TAGS).sort());
  });

  it('declare a body either as JSON or as multipart form fields, never both', () => {
    for (const [id, op] of all) expect('body' in op && 'multipart' in op, id).toBe(false);
    const multipart = all.filter(([, op]) => 'multipart' in op).map(([id]) => id);
    expect(multipart.sort()).toEqual(['createPost', 'createStory', 'uploadAvatar', 'uploadGroupPhoto']);
  });

  it('fill in path parameters for clients, and spell paths the OpenAPI way', () => {
    expect(operationUrl(operations.getChatHistory, { currentUserId: 'a b', otherUserId: 'c/d' })).toBe('/chats/a%20b/c%2Fd');
    expect(() => operationUrl(operations.getPost)).toThrow(/postId/);
    expect(openApiPath(operations.getFeed)).toBe('/api/v1/posts/{authUser}/feeds');
  });
});

describe('the operation types', () => {
  it('give a client the response, body, query and params of a call', () => {
    expectTypeOf<OperationResponse<typeof operations.getFeed>>().toEqualTypeOf<FeedResponse>();
    expectTypeOf<OperationResponse<typeof operations.sendMessage, 201>>().toEqualTypeOf<Message>();
    expectTypeOf<OperationBody<typeof operations.signup>>().toEqualTypeOf<z.input<typeof operations.signup.body>>();
    expectTypeOf<OperationBody<typeof operations.signup>>().toMatchTypeOf<SignupBody>();
    expectTypeOf<OperationBody<typeof operations.createPost>>().toEqualTypeOf<{
      content?: string;
      images?: File[];
      video?: File;
      noPreview?: 'true' | 'false';
    }>();
    expectTypeOf<OperationQuery<typeof operations.getFeed>>().toEqualTypeOf<{ page?: number; limit?: number; anchor?: string }>();
    expectTypeOf<OperationParams<typeof operations.getChatHistory>>().toEqualTypeOf<{ currentUserId: string; otherUserId: string }>();
    expectTypeOf<OperationQuery<typeof operations.getReactions>>().toEqualTypeOf<{ postId: string }>();
    expectTypeOf<OperationParams<typeof operations.getMe>>().toBeNever();
    expect(operations.getFeed.method).toBe('GET');
  });
});

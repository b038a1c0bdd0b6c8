/** The operations of accounts and sessions (product.md § Accounts). */
import { loginBodySchema, refreshBodySchema, refreshResponseSchema, signupBodySchema, signupResponseSchema } from '../auth';
import { successSchema } from '../common';
import { loginAnswerSchema } from '../security';
import { defineOperation } from '../operation';

export const authOperations = {
  signup: defineOperation({
    operationId: 'signup',
    method: 'POST',
    path: '/auth/signup',
    summary: 'Create an account',
    description: 'Answers the new user with a session (access and refresh token), as a login would.',
    tags: ['auth'],
    auth: false,
    body: signupBodySchema,
    responses: { 201: signupResponseSchema },
    errors: [400, 409, 429],
  }),
  login: defineOperation({
    operationId: 'login',
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in with user name or email',
    description:
      'A suspended account is refused with 403, its message saying until when. With two-factor sign-in on, answers a challenge for `POST /auth/login/2fa` instead of tokens.',
    tags: ['auth'],
    auth: false,
    body: loginBodySchema,
    responses: { 200: loginAnswerSchema },
    errors: [400, 401, 403, 429],
  }),
  refreshToken: defineOperation({
    operationId: 'refreshToken',
    method: 'POST',
    path: '/auth/refresh-token',
    summary: 'Rotate the refresh token',
    description: 'Answers a new access token and a new refresh token; the one sent is spent. Sending a spent one ends the session.',
    tags: ['auth'],
    auth: false,
    body: refreshBodySchema,
    responses: { 200: refreshResponseSchema },
    errors: [400, 401, 429],
  }),
  logout: defineOperation({
    operationId: 'logout',
    method: 'GET',
    path: '/auth/user/logout',
    summary: "Log out: revokes this session's refresh tokens",
    tags: ['auth'],
    auth: true,
    responses: { 200: successSchema },
    errors: [401],
  }),
};

/** The shapes of login and signup, as types only: nothing of the contract's schemas reaches the first screen. */
import type { operations, OperationBody, OperationResponse } from '@plaza/contract';

export type LoginBody = OperationBody<typeof operations.login>;
/** What `POST /auth/login` answers: a session, or (with two-factor sign-in on) a challenge for the code. */
export type LoginAnswer = OperationResponse<typeof operations.login>;
export type LoginResponse = Exclude<LoginAnswer, { twoFactorRequired: true }>;
export type LoginTwoFactorBody = OperationBody<typeof operations.loginTwoFactor>;
export type SignupBody = OperationBody<typeof operations.signup>;
export type SignupResponse = OperationResponse<typeof operations.signup>;

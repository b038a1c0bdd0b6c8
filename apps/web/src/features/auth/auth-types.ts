/** The shapes of login and signup, as types only: nothing of the contract's schemas reaches the first screen. */
import type { operations, OperationBody, OperationResponse } from '@plaza/contract';

export type LoginBody = OperationBody<typeof operations.login>;
export type LoginResponse = OperationResponse<typeof operations.login>;
export type SignupBody = OperationBody<typeof operations.signup>;
export type SignupResponse = OperationResponse<typeof operations.signup>;

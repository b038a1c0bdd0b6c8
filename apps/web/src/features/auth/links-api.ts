/** The calls behind the links Plaza mails: ask for a reset link, set a new password, confirm an address or cancel its change. */
import type { OperationBody, OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

export const accountLinksApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<string, OperationBody<typeof operations.forgotPassword>>({
      query: (body) =>
        operationRequest(operations.forgotPassword, {
          body,
          fallback: { error: 'Request failed', message: 'We could not send the link. Please try again.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.forgotPassword>) => res.message,
    }),
    resetPassword: build.mutation<void, OperationBody<typeof operations.resetPassword>>({
      query: (body) =>
        operationRequest(operations.resetPassword, {
          body,
          fallback: { error: 'Reset failed', message: 'Your password could not be changed.' },
        }),
      transformResponse: () => undefined,
    }),
    verifyEmail: build.mutation<OperationResponse<typeof operations.verifyEmail>, OperationBody<typeof operations.verifyEmail>>({
      query: (body) =>
        operationRequest(operations.verifyEmail, {
          body,
          fallback: { error: 'Confirmation failed', message: 'Your email address could not be confirmed.' },
        }),
      // The banner and the settings read the account again.
      invalidatesTags: ['Me'],
    }),
    cancelEmailChange: build.mutation<void, OperationBody<typeof operations.cancelEmailChange>>({
      query: (body) =>
        operationRequest(operations.cancelEmailChange, {
          body,
          fallback: { error: 'Cancel failed', message: 'The change could not be cancelled.' },
        }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation, useVerifyEmailMutation, useCancelEmailChangeMutation } =
  accountLinksApi;

/** The server's sentence for a failed call, or the page's own. */
export function failureText(failure: unknown, fallback: string): string {
  const message = typeof failure === 'object' && failure !== null && 'message' in failure ? failure.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

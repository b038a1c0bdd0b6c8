/** Settings → Security: two-factor sign-in, passkeys and the list of sessions (product.md § Accounts). */
import type { AccountSession, OperationBody, OperationResponse, Passkey } from '@plaza/contract';
import { operationRequest } from '../../api/operation';
import { operations } from '../../api/operations';
import { plazaApi } from '../../api/plaza-api';

type Options = OperationResponse<typeof operations.passkeyRegisterOptions>['options'];

export const securityApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    twoFactorStatus: build.query<OperationResponse<typeof operations.getTwoFactor>, void>({
      query: () => operationRequest(operations.getTwoFactor),
      providesTags: ['TwoFactor'],
    }),
    setupTwoFactor: build.mutation<OperationResponse<typeof operations.setupTwoFactor>, OperationBody<typeof operations.setupTwoFactor>>({
      query: (body) =>
        operationRequest(operations.setupTwoFactor, {
          body,
          fallback: { error: 'Setup failed', message: 'Two-factor setup could not start.' },
        }),
    }),
    enableTwoFactor: build.mutation<string[], OperationBody<typeof operations.enableTwoFactor>>({
      query: (body) =>
        operationRequest(operations.enableTwoFactor, {
          body,
          fallback: { error: 'Enable failed', message: 'Two-factor sign-in could not be turned on.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.enableTwoFactor>) => res.recoveryCodes,
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<void, OperationBody<typeof operations.disableTwoFactor>>({
      query: (body) =>
        operationRequest(operations.disableTwoFactor, {
          body,
          fallback: { error: 'Disable failed', message: 'Two-factor sign-in could not be turned off.' },
        }),
      transformResponse: () => undefined,
      invalidatesTags: ['TwoFactor'],
    }),

    passkeys: build.query<Passkey[], void>({
      query: () => operationRequest(operations.listPasskeys),
      transformResponse: (res: OperationResponse<typeof operations.listPasskeys>) => res.data,
      providesTags: ['Passkeys'],
    }),
    passkeyRegisterOptions: build.mutation<Options, OperationBody<typeof operations.passkeyRegisterOptions>>({
      query: (body) =>
        operationRequest(operations.passkeyRegisterOptions, {
          body,
          fallback: { error: 'Passkey failed', message: 'The passkey could not be added.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.passkeyRegisterOptions>) => res.options,
    }),
    registerPasskey: build.mutation<Passkey, OperationBody<typeof operations.registerPasskey>>({
      query: (body) =>
        operationRequest(operations.registerPasskey, {
          body,
          fallback: { error: 'Passkey failed', message: 'The passkey could not be added.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.registerPasskey>) => res.passkey,
      invalidatesTags: ['Passkeys'],
    }),
    deletePasskey: build.mutation<void, string>({
      query: (id) => operationRequest(operations.deletePasskey, { params: { id } }),
      transformResponse: () => undefined,
      invalidatesTags: ['Passkeys'],
    }),

    sessions: build.query<AccountSession[], void>({
      query: () => operationRequest(operations.listSessions),
      transformResponse: (res: OperationResponse<typeof operations.listSessions>) => res.data,
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<void, string>({
      query: (id) => operationRequest(operations.endSession, { params: { id } }),
      transformResponse: () => undefined,
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<void, void>({
      query: () => operationRequest(operations.endOtherSessions),
      transformResponse: () => undefined,
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useTwoFactorStatusQuery,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  usePasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  useRegisterPasskeyMutation,
  useDeletePasskeyMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = securityApi;

/** Settings → Notifications: the caller's preferences and this device's push subscription (product.md § Push notifications and preferences). */
import type { NotificationPreferences, OperationBody, OperationResponse } from '@plaza/contract';
import { operationRequest } from '../../api/operation';
import { operations } from '../../api/operations';
import { plazaApi } from '../../api/plaza-api';

export const notificationSettingsApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => operationRequest(operations.getNotificationPreferences),
      transformResponse: (res: OperationResponse<typeof operations.getNotificationPreferences>) => res.preferences,
      providesTags: ['NotificationPreferences'],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferences, OperationBody<typeof operations.putNotificationPreferences>>({
      query: (body) =>
        operationRequest(operations.putNotificationPreferences, {
          body,
          fallback: { error: 'Save failed', message: 'Your notification settings could not be saved.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.putNotificationPreferences>) => res.preferences,
      // The answer is the stored preferences: the screen shows them without asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(notificationSettingsApi.util.upsertQueryData('notificationPreferences', undefined, data));
      },
    }),
    pushPublicKey: build.mutation<string, void>({
      query: () => operationRequest(operations.getPushPublicKey),
      transformResponse: (res: OperationResponse<typeof operations.getPushPublicKey>) => res.key,
    }),
    addPushSubscription: build.mutation<void, OperationBody<typeof operations.addPushSubscription>>({
      query: (body) =>
        operationRequest(operations.addPushSubscription, {
          body,
          fallback: { error: 'Push failed', message: 'Push could not be turned on for this device.' },
        }),
      transformResponse: () => undefined,
    }),
    removePushSubscription: build.mutation<void, OperationBody<typeof operations.removePushSubscription>>({
      query: (body) => operationRequest(operations.removePushSubscription, { body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const {
  useNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  usePushPublicKeyMutation,
  useAddPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
} = notificationSettingsApi;

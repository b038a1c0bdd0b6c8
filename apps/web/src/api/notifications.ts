/** Calls of the notifications feature (CONTRACT "Notifications"). */
import { PAGE_SIZES, type NotificationsResponse } from '@plaza/contract';
import { api } from './client';

export const notificationsApi = {
  list: (page = 1, limit = PAGE_SIZES.notifications) =>
    api.get<NotificationsResponse>('/users/notifications', { params: { page, limit } }).then((r) => r.data),

  markRead: (id: string) =>
    api.put<{ success: true; _id: string; read: true }>(`/users/notifications/${encodeURIComponent(id)}/read`).then((r) => r.data),

  clear: () => api.delete<{ success: true; deleted: number }>('/users/notifications/clear').then((r) => r.data),
};

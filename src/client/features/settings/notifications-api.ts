// Chat and webhook alerts on the Settings page (administrators): the channels and their deliveries.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/client/lib/api-client";
import type {
  CreateNotificationChannelRequest,
  createdNotificationChannelSchema,
  NotificationChannel,
  notificationDeliverySchema,
  UpdateNotificationChannelRequest,
} from "@/domain/schemas/notifications";

export type CreatedNotificationChannel = z.infer<typeof createdNotificationChannelSchema>;
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationKeys = {
  channels: ["/api/notification-channels"] as const,
  deliveries: ["/api/notification-deliveries"] as const,
};

/** The latest deliveries shown on the card. */
const DELIVERIES_SHOWN = 20;

export function useNotificationChannels() {
  return useQuery({
    queryKey: notificationKeys.channels,
    queryFn: ({ signal }) =>
      api.get<NotificationChannel[]>("/api/notification-channels", { signal }),
  });
}

export function useNotificationDeliveries() {
  return useQuery({
    queryKey: notificationKeys.deliveries,
    queryFn: ({ signal }) =>
      api.get<NotificationDelivery[]>(
        `/api/notification-deliveries?limit=${DELIVERIES_SHOWN}&withTotal=false`,
        { signal },
      ),
  });
}

export function useCreateNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNotificationChannelRequest) =>
      api.post<CreatedNotificationChannel>("/api/notification-channels", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.channels }),
  });
}

export function useUpdateNotificationChannel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationChannelRequest) =>
      api.patch<NotificationChannel>(`/api/notification-channels/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.channels }),
  });
}

export function useDeleteNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/notification-channels/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.channels }),
  });
}

export function useTestNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ deliveryId: number }>(`/api/notification-channels/${id}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries }),
  });
}

export function useRetryNotificationDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/notification-deliveries/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries }),
  });
}

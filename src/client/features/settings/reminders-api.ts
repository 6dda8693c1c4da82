// E-mail reminders on the Settings page: whether mail is on (everyone), the offsets per kind and
// the delivery problems (administrators).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  ReminderDeliveryResponse,
  ReminderOffsetsResponse,
  ReminderStatusResponse,
  UpdateReminderOffsetsRequest,
} from "@/domain/schemas/reminders";

export const reminderKeys = {
  status: ["/api/reminders/status"] as const,
  offsets: ["/api/reminders/offsets"] as const,
  deliveries: ["/api/reminders/deliveries"] as const,
};

export function useReminderStatus() {
  return useQuery({
    queryKey: reminderKeys.status,
    queryFn: ({ signal }) => api.get<ReminderStatusResponse>("/api/reminders/status", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReminderOffsets() {
  return useQuery({
    queryKey: reminderKeys.offsets,
    queryFn: ({ signal }) => api.get<ReminderOffsetsResponse>("/api/reminders/offsets", { signal }),
  });
}

export function useUpdateReminderOffsets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReminderOffsetsRequest) =>
      api.put<ReminderOffsetsResponse>("/api/reminders/offsets", body),
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderKeys.offsets, saved);
      // The status carries the days too, for the alert toggles' texts.
      void queryClient.invalidateQueries({ queryKey: reminderKeys.status });
    },
  });
}

export function useReminderDeliveries() {
  return useQuery({
    queryKey: reminderKeys.deliveries,
    queryFn: ({ signal }) =>
      api.get<ReminderDeliveryResponse>("/api/reminders/deliveries", { signal }),
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/reminders/deliveries/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.deliveries }),
  });
}

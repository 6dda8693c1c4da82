// The signed-in person's private calendar feed (GET/POST/DELETE /api/calendar-feed).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  CalendarFeedCreatedResponse,
  CalendarFeedStatusResponse,
} from "@/domain/schemas/calendar-feed";

export const calendarFeedKeys = { own: ["/api/calendar-feed"] as const };

export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKeys.own,
    queryFn: ({ signal }) => api.get<CalendarFeedStatusResponse>("/api/calendar-feed", { signal }),
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreatedResponse>("/api/calendar-feed", {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.own }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/calendar-feed"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.own }),
  });
}

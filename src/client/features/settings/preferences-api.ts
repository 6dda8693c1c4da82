// The signed-in user's Settings toggles, stored on the server (GET/PUT /api/preferences).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PreferencesResponse, UpdatePreferencesRequest } from "@/domain/schemas/preferences";

export const preferenceKeys = { all: ["/api/preferences"] as const };

export function usePreferences() {
  return useQuery({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => api.get<PreferencesResponse>("/api/preferences", { signal }),
  });
}

/** Saves one change; the switch moves at once and moves back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePreferencesRequest) =>
      api.put<PreferencesResponse>("/api/preferences", changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferenceKeys.all });
      const previous = queryClient.getQueryData<PreferencesResponse>(preferenceKeys.all);
      if (previous) queryClient.setQueryData(preferenceKeys.all, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(preferenceKeys.all, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all, saved),
  });
}

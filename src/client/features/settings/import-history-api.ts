// The import history (GET /api/imports, newest first, one page) and an import's undo
// (DELETE /api/imports/:id; administrators only, decision 0045).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ImportHistoryEntry, ImportUndoResponse } from "@/domain/schemas/imports";

/** The newest imports the card lists. */
export const IMPORT_HISTORY_PAGE = 20;

export const importHistoryKeys = { all: ["/api/imports"] as const };

export function useImportHistory() {
  return useQuery({
    queryKey: importHistoryKeys.all,
    queryFn: ({ signal }) =>
      api.get<ImportHistoryEntry[]>(`/api/imports?limit=${IMPORT_HISTORY_PAGE}`, { signal }),
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ImportUndoResponse>(`/api/imports/${id}`),
    // The rows it removed are gone from every list: those pages are read again when next shown.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

// The import history (GET /api/imports, newest first, a page at a time) and an import's undo
// (DELETE /api/imports/:id; administrators only, decision 0045).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { totalFromHeader } from "@/client/lib/pagination";
import type { ImportHistoryEntry, ImportUndoResponse } from "@/domain/schemas/imports";

/** The imports the card lists a page. */
export const IMPORT_HISTORY_PAGE = 20;

export const importHistoryKeys = {
  all: ["/api/imports"] as const,
  page: (page: number) => ["/api/imports", page] as const,
};

/** One page of the history (1 is the newest), with the number of imports there are. */
export function useImportHistory(page: number) {
  const offset = (page - 1) * IMPORT_HISTORY_PAGE;
  return useQuery({
    queryKey: importHistoryKeys.page(page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await api.getWithHeaders<ImportHistoryEntry[]>(
        `/api/imports?limit=${IMPORT_HISTORY_PAGE}&offset=${offset}`,
        { signal },
      );
      return {
        rows: data,
        offset,
        total: totalFromHeader(headers.get("X-Total-Count"), offset, data.length),
      };
    },
    // The page being left stays on screen while the next is read.
    placeholderData: keepPreviousData,
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

// Server calls of Directory Management (spec part 2, section 7 'Directories'). Query keys start
// with the API path, so a write refreshes every list of the area.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type { DirectoryStatusFilter } from "@/domain/enums";
import type {
  CreateDirectoryRequest,
  DirectoryHistoryResponse,
  DirectoryResponse,
  RecordDirectoryPaymentRequest,
  UpdateDirectoryRequest,
} from "@/domain/schemas/directories";

export type DirectoryListParams = {
  search: string;
  status: DirectoryStatusFilter;
  sort: "name" | "paymentAmount" | "nextPaymentDate";
  order: "asc" | "desc";
};

export interface DirectoryPage extends ListPage<DirectoryResponse> {
  params: DirectoryListParams;
}

export const directoryKeys = {
  all: ["/api/directories"] as const,
  page: (params: DirectoryListParams, page: number, pageSize: number) =>
    ["/api/directories", params, { page, pageSize }] as const,
  history: (id: number) => ["/api/directories", id, "payments"] as const,
};

export function useDirectoryPage(params: DirectoryListParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: directoryKeys.page(params, page, pageSize),
    queryFn: async (context): Promise<DirectoryPage> => ({
      ...(await fetchListPage<DirectoryResponse>(
        context,
        "/api/directories",
        params,
        page,
        pageSize,
      )),
      params,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useDirectoryHistory(id: number) {
  return useQuery({
    queryKey: directoryKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<DirectoryHistoryResponse>(`/api/directories/${id}/payments`, { signal }),
  });
}

function useDirectoryWrite<TArgs, TResult>(send: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export const useCreateDirectory = () =>
  useDirectoryWrite((input: CreateDirectoryRequest) =>
    api.post<DirectoryResponse>("/api/directories", input),
  );

export const useUpdateDirectory = () =>
  useDirectoryWrite(({ id, input }: { id: number; input: UpdateDirectoryRequest }) =>
    api.patch<DirectoryResponse>(`/api/directories/${id}`, input),
  );

export const useDeleteDirectory = () =>
  useDirectoryWrite((id: number) => api.delete(`/api/directories/${id}`));

export const useRestoreDirectory = () =>
  useDirectoryWrite((id: number) => api.post<DirectoryResponse>(`/api/directories/${id}/restore`));

export const useRecordDirectoryPayment = () =>
  useDirectoryWrite(({ id, input }: { id: number; input: RecordDirectoryPaymentRequest }) =>
    api.post<{ directory: DirectoryResponse }>(`/api/directories/${id}/payments`, input),
  );

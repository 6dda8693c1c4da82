// Server calls of the Users screen (spec part 2, section 7 'Users').
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type { OffboardDecision, OffboardingResponse } from "@/domain/schemas/offboarding";
import type {
  CreateUserRequest,
  UpdateUserRequest,
  UserHoldingsResponse,
  UserResponse,
} from "@/domain/schemas/users";

/** What the Users table is read with (besides the page). */
export type UserListParams = {
  search: string;
  sort: "username" | "fullName" | "createdAt";
  order: "asc" | "desc";
};

export interface UserPage extends ListPage<UserResponse> {
  /** The search this page was read with, to tell a new search from a page turn. */
  params: UserListParams;
}

export const userKeys = {
  all: ["/api/users"] as const,
  page: (params: UserListParams, page: number, pageSize: number) =>
    ["/api/users", params, { page, pageSize }] as const,
  holdings: (id: number) => [`/api/users/${id}/holdings`] as const,
};

/** What deleting or deactivating the user releases (for the confirmations); always fresh. */
export function useUserHoldings(userId: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.holdings(userId),
    queryFn: ({ signal }) =>
      api.get<UserHoldingsResponse>(`/api/users/${userId}/holdings`, { signal }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/**
 * One page of the users, searched and ordered by the server (a directory of thousands of people
 * is never downloaded whole). The page on screen stays until the next one is in.
 */
export function useUserPage(params: UserListParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.page(params, page, pageSize),
    queryFn: async (context): Promise<UserPage> => ({
      ...(await fetchListPage<UserResponse>(context, "/api/users", params, page, pageSize)),
      params,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserRequest) => api.post<UserResponse>("/api/users", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserRequest }) =>
      api.patch<UserResponse>(`/api/users/${id}`, input),
    // Deactivating releases hardware and office accounts: every area's lists may have changed.
    onSuccess: (_user, { input }) =>
      input.isActive === false
        ? queryClient.invalidateQueries()
        : queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Offboards a user; their holdings, the users list and every area's lists change with it. */
export function useOffboardUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decisions }: { id: number; decisions: OffboardDecision[] }) =>
      api.post<OffboardingResponse>(`/api/users/${id}/offboard`, { decisions }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`),
    // Deleting releases seats, hardware and office accounts: every area's lists may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

// Server calls of the Office Accounts screen (spec part 2, section 7 'Office accounts'). Query
// keys start with the API path, so a write refreshes every list of the area.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type {
  AccountAssignmentResponse,
  AccountResponse,
  CreateAccountAssignmentRequest,
  CreateAccountRequest,
  RevealAccountPasswordResponse,
  UpdateAccountRequest,
} from "@/domain/schemas/accounts";

/** What the accounts table is read with (besides the page). */
export type AccountListParams = {
  search: string;
  sort: "email" | "provider" | "status" | "renewalDate";
  order: "asc" | "desc";
  /** Only accounts whose holder is suspended or has not signed in for a while. */
  unused?: "true";
};

export interface AccountPage extends ListPage<AccountResponse> {
  /** The search this page was read with, to tell a new search from a page turn. */
  params: AccountListParams;
}

export const accountKeys = {
  all: ["/api/accounts"] as const,
  page: (params: AccountListParams, page: number, pageSize: number) =>
    ["/api/accounts", params, { page, pageSize }] as const,
  assignments: ["/api/account-assignments"] as const,
  assignmentsOfUser: (userId: number) =>
    ["/api/account-assignments", { userId, active: true }] as const,
};

/** One page of the accounts the viewer may see, searched and ordered by the server. */
export function useAccountPage(params: AccountListParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: accountKeys.page(params, page, pageSize),
    queryFn: async (context): Promise<AccountPage> => ({
      ...(await fetchListPage<AccountResponse>(context, "/api/accounts", params, page, pageSize)),
      params,
    }),
    placeholderData: keepPreviousData,
    // Spec part 1, section 8: account queries are retried once.
    retry: 1,
  });
}

/** The office accounts one user actively holds (the User Details dialog). */
export function useUserAccountAssignments(userId: number) {
  return useQuery({
    queryKey: accountKeys.assignmentsOfUser(userId),
    queryFn: ({ signal }) =>
      api.get<AccountAssignmentResponse[]>(
        `/api/account-assignments?userId=${userId}&active=true`,
        { signal },
      ),
    retry: false,
  });
}

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.assignments }),
    ]);
}

export function useCreateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (input: CreateAccountRequest) => api.post<AccountResponse>("/api/accounts", input),
    onSuccess: invalidate,
  });
}

export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateAccountRequest }) =>
      api.patch<AccountResponse>(`/api/accounts/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/accounts/${id}`),
    onSuccess: invalidate,
  });
}

export function useAssignAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (input: CreateAccountAssignmentRequest) =>
      api.post<AccountAssignmentResponse>("/api/account-assignments", input),
    onSuccess: invalidate,
  });
}

/** The password in clear, through the logged call; never put in the query cache. */
export function useRevealAccountPassword() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<RevealAccountPasswordResponse>(`/api/accounts/${id}/reveal`),
  });
}

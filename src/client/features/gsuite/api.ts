// Data hooks of the G Suite page. Query keys start with the API path they read, so every write
// refreshes every G Suite query (and the users lists, whose badges it changes) by path prefix.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage, type ListQueryContext } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type {
  AssignGsuiteUsersResponse,
  CreateGsuiteAccountRequest,
  CreateOrganizationRequest,
  CreatePlanRequest,
  GsuiteAccountResponse,
  GsuiteSummaryResponse,
  GsuiteUserResponse,
  OrganizationResponse,
  PlanResponse,
  RevealGsuitePasswordsResponse,
  UpdateGsuiteAccountRequest,
  UpdateOrganizationRequest,
  UpdatePlanRequest,
} from "@/domain/schemas/gsuite";

const GSUITE_DATA = /^\/api\/(gsuite-|users)/;

export const isGsuiteDataKey = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === "string" && GSUITE_DATA.test(queryKey[0]);

/** The spec: accounts and users queries retry once. */
const RETRY_ONCE = 1;

export function useGsuiteSummary() {
  return useQuery({
    queryKey: ["/api/gsuite-summary"],
    queryFn: ({ signal }) => api.get<GsuiteSummaryResponse>("/api/gsuite-summary", { signal }),
  });
}

export function useOrganizations() {
  return useQuery({
    queryKey: ["/api/gsuite-organizations"],
    queryFn: ({ signal }) =>
      api.get<OrganizationResponse[]>("/api/gsuite-organizations", { signal }),
  });
}

export function usePlans() {
  return useQuery({
    queryKey: ["/api/gsuite-plans"],
    queryFn: ({ signal }) => api.get<PlanResponse[]>("/api/gsuite-plans", { signal }),
  });
}

export interface AccountListParams {
  search: string;
  organizationId?: number;
  assignedToUserId?: number;
  unassigned?: boolean;
  /** Only accounts whose holder is suspended or has not signed in for a while. */
  unused?: boolean;
}

export interface GsuitePage<Row> extends ListPage<Row> {
  params: unknown;
}

async function readPage<Row>(
  path: string,
  params: Record<string, string | undefined>,
  page: number,
  pageSize: number,
  context: ListQueryContext,
): Promise<GsuitePage<Row>> {
  return { ...(await fetchListPage<Row>(context, path, params, page, pageSize)), params };
}

const text = (value: number | boolean | undefined) =>
  value === undefined ? undefined : String(value);

export function useAccountPage(params: AccountListParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: ["/api/gsuite-accounts", params, page, pageSize],
    queryFn: (context) =>
      readPage<GsuiteAccountResponse>(
        "/api/gsuite-accounts",
        {
          search: params.search,
          organizationId: text(params.organizationId),
          assignedToUserId: text(params.assignedToUserId),
          unassigned: text(params.unassigned),
          unused: params.unused ? "true" : undefined,
        },
        page,
        pageSize,
        context,
      ),
    placeholderData: keepPreviousData,
    retry: RETRY_ONCE,
  });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: [`/api/gsuite-accounts/${id}`],
    queryFn: ({ signal }) =>
      api.get<GsuiteAccountResponse>(`/api/gsuite-accounts/${id}`, { signal }),
    retry: RETRY_ONCE,
  });
}

export interface GsuiteUserListParams {
  search: string;
  withoutPlanId?: number;
  active?: boolean;
  /** Only those an assignment can give an account (their address there is free). */
  assignable?: boolean;
}

export function useGsuiteUserPage(
  params: GsuiteUserListParams,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    queryKey: ["/api/gsuite-users", params, page, pageSize],
    queryFn: (context) =>
      readPage<GsuiteUserResponse>(
        "/api/gsuite-users",
        {
          search: params.search,
          withoutPlanId: text(params.withoutPlanId),
          active: text(params.active),
          assignable: text(params.assignable),
        },
        page,
        pageSize,
        context,
      ),
    placeholderData: keepPreviousData,
    retry: RETRY_ONCE,
    enabled,
  });
}

function useGsuiteWrite<TArgs, TResult>(send: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => isGsuiteDataKey(query.queryKey) }),
  });
}

export const useCreateAccount = () =>
  useGsuiteWrite((body: CreateGsuiteAccountRequest) =>
    api.post<GsuiteAccountResponse>("/api/gsuite-accounts", body),
  );

export const useUpdateAccount = () =>
  useGsuiteWrite(({ id, body }: { id: number; body: UpdateGsuiteAccountRequest }) =>
    api.patch<GsuiteAccountResponse>(`/api/gsuite-accounts/${id}`, body),
  );

export const useDeleteAccount = () =>
  useGsuiteWrite((id: number) => api.delete(`/api/gsuite-accounts/${id}`));

export const useCreateOrganization = () =>
  useGsuiteWrite((body: CreateOrganizationRequest) =>
    api.post<OrganizationResponse>("/api/gsuite-organizations", body),
  );

export const useUpdateOrganization = () =>
  useGsuiteWrite(({ id, body }: { id: number; body: UpdateOrganizationRequest }) =>
    api.patch<OrganizationResponse>(`/api/gsuite-organizations/${id}`, body),
  );

export const useDeleteOrganization = () =>
  useGsuiteWrite((id: number) => api.delete(`/api/gsuite-organizations/${id}`));

export const useCreatePlan = () =>
  useGsuiteWrite((body: CreatePlanRequest) => api.post<PlanResponse>("/api/gsuite-plans", body));

export const useUpdatePlan = () =>
  useGsuiteWrite(({ id, body }: { id: number; body: UpdatePlanRequest }) =>
    api.patch<PlanResponse>(`/api/gsuite-plans/${id}`, body),
  );

export const useDeletePlan = () =>
  useGsuiteWrite((id: number) => api.delete(`/api/gsuite-plans/${id}`));

/** One request for every chosen user (up to 500), answered per user. */
export const useAssignUsers = () =>
  useGsuiteWrite((body: { planId: number; userIds: number[] }) =>
    // A 500-user batch is one request that may take a few seconds on a small machine.
    api.post<AssignGsuiteUsersResponse>("/api/gsuite-accounts/assign", body, {
      timeoutMs: 60_000,
    }),
  );

/** Show Passwords: the page's passwords in clear, each view logged on the server; never cached. */
export function useRevealPasswords() {
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post<RevealGsuitePasswordsResponse>("/api/gsuite-accounts/reveal", { ids }),
  });
}

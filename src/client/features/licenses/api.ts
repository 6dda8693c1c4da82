// Data hooks of the licenses screens. Every write refreshes every cached license, assignment,
// renewal and view-log query (spec part 1, section 4: lists are refetched after any write).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { listPageRequest } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type {
  AssignmentResponse,
  CreateAssignmentRequest,
  CreateLicenseRequest,
  CreateRenewalRequest,
  LicenseResponse,
  LicenseViewLogResponse,
  RenewalResponse,
  RevealLicenseKeyResponse,
  UpdateLicenseRequest,
} from "@/domain/schemas/licenses";
import { licenseListQuery } from "./license-query-string";
import {
  type LicenseListParams,
  type LicensePageRequest,
  licenseDataPredicate,
  licenseKeys,
} from "./query-keys";

type Viewer = { id: number; isAdmin: boolean } | null;

// Administrators read the whole list; anyone else reads their own through the per-user call
// (spec part 1, section 6).
const listPath = (viewer: Viewer) =>
  viewer?.isAdmin ? "/api/licenses" : `/api/users/${viewer?.id}/licenses`;

export interface LicensePage extends ListPage<LicenseResponse> {
  /** Active assignments of these licenses (empty unless asked for). */
  assignments: AssignmentResponse[];
  /** The filter this page was read with, to tell a new search from a page turn. */
  params: LicenseListParams;
}

/**
 * One page of the viewer's licenses and, for administrators' screens, the active seats of just
 * those licenses: one cache entry, so rows and their assignees always arrive together. The page
 * on screen stays until the next one is in (keepPreviousData).
 */
export function useLicensePage(
  viewer: Viewer,
  params: LicenseListParams,
  today: string,
  request: LicensePageRequest,
) {
  return useQuery({
    queryKey: viewer?.isAdmin
      ? licenseKeys.page(params, request)
      : licenseKeys.pageOfUser(viewer?.id ?? 0, params, request),
    queryFn: async (context): Promise<LicensePage> => {
      const { signal } = context;
      const page = listPageRequest(
        context,
        licenseListQuery(params, today),
        request.page,
        request.pageSize,
      );
      const query = page.queryString;
      // The page's seats are asked for with the same query at the same time, not once its ids
      // are known: no request waterfall.
      const [{ data, headers }, assignments] = await Promise.all([
        api.getWithHeaders<LicenseResponse[]>(`${listPath(viewer)}?${query}`, { signal }),
        request.withAssignments
          ? api.get<AssignmentResponse[]>(`/api/assignments/of-license-page?${query}`, { signal })
          : Promise.resolve([]),
      ]);
      return { ...page.pageOf(data, headers), assignments, params };
    },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
  });
}

/** The licenses one user holds a seat of (User Details). */
export function useUserLicenses(userId: number) {
  return useQuery({
    queryKey: licenseKeys.heldBy(userId),
    queryFn: ({ signal }) =>
      api.get<LicenseResponse[]>(`/api/users/${userId}/licenses`, { signal }),
    retry: false,
  });
}

export function useViewLogs(licenseId: number, enabled = true) {
  return useQuery({
    queryKey: licenseKeys.viewLogs(licenseId),
    queryFn: ({ signal }) =>
      api.get<LicenseViewLogResponse[]>(`/api/licenses/${licenseId}/view-logs`, { signal }),
    enabled,
    // A reveal elsewhere must show up the next time the dialog opens.
    staleTime: 0,
  });
}

function useRefreshLicenseData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: licenseDataPredicate });
}

export function useCreateLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (body: CreateLicenseRequest) => api.post<LicenseResponse>("/api/licenses", body),
    onSuccess: refresh,
  });
}

export function useUpdateLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLicenseRequest }) =>
      api.patch<LicenseResponse>(`/api/licenses/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/licenses/${id}`),
    onSuccess: refresh,
  });
}

export function useAssignLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (body: CreateAssignmentRequest) =>
      api.post<AssignmentResponse>("/api/assignments", body),
    onSuccess: refresh,
  });
}

export function useUnassignLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      api.patch<AssignmentResponse>(`/api/assignments/${assignmentId}/deactivate`, {}),
    onSuccess: refresh,
  });
}

export function useRenewLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (body: CreateRenewalRequest) => api.post<RenewalResponse>("/api/renewals", body),
    onSuccess: refresh,
  });
}

/** Shows a key in clear; the server logs the view. The key is kept out of the query cache. */
export function useRevealLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licenseId: number) =>
      api.post<RevealLicenseKeyResponse>(`/api/licenses/${licenseId}/reveal`),
    onSuccess: (_data, licenseId) =>
      queryClient.invalidateQueries({ queryKey: licenseKeys.viewLogs(licenseId) }),
  });
}

// Data hooks of the licenses screens. Every write refreshes every cached license, assignment,
// renewal and view-log query (spec part 1, section 4: lists are refetched after any write).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { offsetOf, totalFromHeader } from "@/client/lib/pagination";
import type {
  AssignmentDto,
  CreateAssignmentRequest,
  CreateLicenseRequest,
  CreateRenewalRequest,
  LicenseDto,
  LicenseViewLogDto,
  RenewalDto,
  RevealLicenseKeyResponse,
  UpdateLicenseRequest,
} from "@/domain/schemas/licenses";
import type { UserDto } from "@/domain/schemas/users";
import { licenseListQueryString, pageAssignmentsQueryString } from "./list-query-string";
import {
  type LicenseListParams,
  type LicensePageRequest,
  licenseDataPredicate,
  licenseKeys,
  userKeys,
} from "./query-keys";

type Viewer = { id: number; isAdmin: boolean } | null;

// Administrators read the whole list; anyone else reads their own through the per-user call
// (spec part 1, section 6).
const listPath = (viewer: Viewer) =>
  viewer?.isAdmin ? "/api/licenses" : `/api/users/${viewer?.id}/licenses`;

/**
 * Every license the viewer may see, in one array (the dashboard's figures need them all).
 * Search, filter and sort run on the server, so keys are never sent to the browser to be searched.
 */
export function useLicenses(viewer: Viewer, params: LicenseListParams, today: string) {
  return useQuery({
    queryKey: viewer?.isAdmin
      ? licenseKeys.all(params)
      : licenseKeys.ofUser(viewer?.id ?? 0, params),
    queryFn: ({ signal }) =>
      api.get<LicenseDto[]>(`${listPath(viewer)}?${licenseListQueryString(params, today)}`, {
        signal,
      }),
    // Disabled until the user is known (spec part 1, section 4).
    enabled: viewer !== null,
    placeholderData: (previous) => previous,
  });
}

export interface LicensePage {
  licenses: LicenseDto[];
  /** Rows matching the search and filter, over every page. */
  total: number;
  /** Position of the first row in the whole list. */
  offset: number;
  /** Active assignments of these licenses (empty unless asked for). */
  assignments: AssignmentDto[];
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
    queryFn: async ({ signal }): Promise<LicensePage> => {
      const offset = offsetOf(request.page, request.pageSize);
      const query = licenseListQueryString(params, today, { limit: request.pageSize, offset });
      const { data, headers } = await api.getWithHeaders<LicenseDto[]>(
        `${listPath(viewer)}?${query}`,
        { signal },
      );
      const assignments =
        request.withAssignments && data.length > 0
          ? await api.get<AssignmentDto[]>(
              `/api/assignments?${pageAssignmentsQueryString(data.map((license) => license.id))}`,
              { signal },
            )
          : [];
      const total = totalFromHeader(headers.get("X-Total-Count"), offset, data.length);
      return { licenses: data, total, offset, assignments, params };
    },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUsers(enabled = true) {
  return useQuery({
    queryKey: userKeys.all(),
    queryFn: ({ signal }) => api.get<UserDto[]>("/api/users", { signal }),
    enabled,
  });
}

export function useViewLogs(licenseId: number, enabled = true) {
  return useQuery({
    queryKey: licenseKeys.viewLogs(licenseId),
    queryFn: ({ signal }) =>
      api.get<LicenseViewLogDto[]>(`/api/licenses/${licenseId}/view-logs`, { signal }),
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
    mutationFn: (body: CreateLicenseRequest) => api.post<LicenseDto>("/api/licenses", body),
    onSuccess: refresh,
  });
}

export function useUpdateLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLicenseRequest }) =>
      api.patch<LicenseDto>(`/api/licenses/${id}`, body),
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
      api.post<AssignmentDto>("/api/assignments", body),
    onSuccess: refresh,
  });
}

export function useUnassignLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      api.patch<AssignmentDto>(`/api/assignments/${assignmentId}/deactivate`, {}),
    onSuccess: refresh,
  });
}

export function useRenewLicense() {
  const refresh = useRefreshLicenseData();
  return useMutation({
    mutationFn: (body: CreateRenewalRequest) => api.post<RenewalDto>("/api/renewals", body),
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

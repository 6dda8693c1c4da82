// Data hooks of the licenses screens. Every write refreshes every cached license, assignment,
// renewal and view-log query (spec part 1, section 4: lists are refetched after any write).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
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
import {
  assignmentKeys,
  type LicenseListParams,
  licenseDataPredicate,
  licenseKeys,
  userKeys,
} from "./query-keys";

function listQueryString(params: LicenseListParams, today: string) {
  const query = new URLSearchParams({
    status: params.status,
    sort: params.sort,
    order: params.order,
    today,
  });
  const search = params.search.trim();
  if (search) query.set("search", search);
  return query.toString();
}

/**
 * Licenses the viewer may see. Administrators read the whole list; anyone else reads their own
 * through the per-user call (spec part 1, section 6). Search, filter and sort run on the server,
 * so keys are never sent to the browser to be searched.
 */
export function useLicenses(
  viewer: { id: number; isAdmin: boolean } | null,
  params: LicenseListParams,
  today: string,
) {
  const path = viewer?.isAdmin ? "/api/licenses" : `/api/users/${viewer?.id}/licenses`;
  return useQuery({
    queryKey: viewer?.isAdmin
      ? licenseKeys.all(params)
      : licenseKeys.ofUser(viewer?.id ?? 0, params),
    queryFn: ({ signal }) =>
      api.get<LicenseDto[]>(`${path}?${listQueryString(params, today)}`, { signal }),
    // Disabled until the user is known (spec part 1, section 4).
    enabled: viewer !== null,
    placeholderData: (previous) => previous,
  });
}

export function useAssignments(enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.all(),
    queryFn: ({ signal }) => api.get<AssignmentDto[]>("/api/assignments", { signal }),
    enabled,
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

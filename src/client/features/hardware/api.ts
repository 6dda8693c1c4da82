// Data hooks of the hardware screens. Every write refreshes every hardware list, the figures, the
// requests and the dashboard (the spec refetches lists after each write).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage } from "@/client/lib/list-page-query";
import { listQueryString } from "@/client/lib/list-query-string";
import { type ListPage, totalFromHeader } from "@/client/lib/pagination";
import { isHardwareOffered } from "@/domain/hardware-status";
import type {
  CreateHardwareRequest,
  CreateHardwareRequestRequest,
  HardwareRequestResponse,
  HardwareResponse,
  HardwareSummaryResponse,
  UpdateHardwareRequest,
} from "@/domain/schemas/hardware";
import { type HardwareListParams, hardwareDataPredicate, hardwareKeys } from "./query-keys";

export interface HardwarePage extends ListPage<HardwareResponse> {
  params: HardwareListParams;
}

export function useHardwarePage(
  params: HardwareListParams,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: hardwareKeys.page(params, page, pageSize),
    queryFn: async (context): Promise<HardwarePage> => ({
      ...(await fetchListPage<HardwareResponse>(
        context,
        "/api/hardware",
        { ...params },
        page,
        pageSize,
      )),
      params,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useHardwareSummary() {
  return useQuery({
    queryKey: hardwareKeys.summary(),
    queryFn: ({ signal }) => api.get<HardwareSummaryResponse>("/api/hardware/summary", { signal }),
  });
}

/** The items one user holds (administrators: the User Details dialog). */
export function useUserHardware(userId: number) {
  return useQuery({
    queryKey: hardwareKeys.ofUser(userId),
    queryFn: ({ signal }) =>
      api.get<HardwareResponse[]>(`/api/hardware?assignedToUserId=${userId}&limit=500`, {
        signal,
      }),
  });
}

/**
 * Free items in service (isHardwareOffered), searched on the server (the inventory may be
 * large): the request dialog's choices and the assign dialog's picker.
 */
export function useFreeHardware(search: string, limit: number) {
  return useQuery({
    queryKey: hardwareKeys.available(search, limit),
    queryFn: async ({ signal }): Promise<{ rows: HardwareResponse[]; total: number }> => {
      const query = listQueryString({ view: "available", search }, { limit, offset: 0 });
      const { data, headers } = await api.getWithHeaders<HardwareResponse[]>(
        `/api/hardware?${query}`,
        { signal },
      );
      const rows = data.filter(isHardwareOffered);
      // The available view also lists reserved items someone holds (not free) and free items
      // under maintenance or retired (not offered): neither is counted.
      const total = totalFromHeader(headers.get("X-Total-Count"), 0, data.length);
      return { rows, total: total - (data.length - rows.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export interface HardwareRequestPage extends ListPage<HardwareRequestResponse> {}

export function useHardwareRequestPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: hardwareKeys.requests(page, pageSize),
    queryFn: (context): Promise<HardwareRequestPage> =>
      fetchListPage(context, "/api/hardware-requests", {}, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

function useRefreshHardware() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: hardwareDataPredicate });
}

export function useCreateHardware() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: (body: CreateHardwareRequest) => api.post<HardwareResponse>("/api/hardware", body),
    onSuccess: refresh,
  });
}

export function useUpdateHardware() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateHardwareRequest }) =>
      api.patch<HardwareResponse>(`/api/hardware/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteHardware() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/hardware/${id}`),
    onSuccess: refresh,
  });
}

export function useCreateHardwareRequest() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: (body: CreateHardwareRequestRequest) =>
      api.post<HardwareRequestResponse>("/api/hardware-requests", body),
    onSuccess: refresh,
  });
}

export function useApproveHardwareRequest() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: (id: number) =>
      api.patch<HardwareRequestResponse>(`/api/hardware-requests/${id}/approve`, {}),
    onSuccess: refresh,
  });
}

export function useRejectHardwareRequest() {
  const refresh = useRefreshHardware();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.patch<HardwareRequestResponse>(`/api/hardware-requests/${id}/reject`, { reason }),
    onSuccess: refresh,
  });
}

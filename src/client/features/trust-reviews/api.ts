// Server calls of Trust Reviews (spec part 2, section 7 'Trust reviews'). Query keys start with
// the API path, so a write refreshes the list and the summary cards.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { fetchListPage } from "@/client/lib/list-page-query";
import type { ListPage } from "@/client/lib/pagination";
import type { TrustReviewStatusFilter } from "@/domain/enums";
import type { LicenseResponse } from "@/domain/schemas/licenses";
import type {
  CreateTrustReviewRequest,
  TrustReviewApprovalRequest,
  TrustReviewResponse,
  TrustReviewStatusRequest,
  TrustReviewSummaryResponse,
  UpdateTrustReviewRequest,
} from "@/domain/schemas/trust-reviews";

export type TrustReviewListParams = {
  search: string;
  status: TrustReviewStatusFilter;
  sort: "createdAt" | "clientName" | "assignedDate";
  order: "asc" | "desc";
};

export interface TrustReviewPage extends ListPage<TrustReviewResponse> {
  params: TrustReviewListParams;
}

export const trustReviewKeys = {
  all: ["/api/trust-reviews"] as const,
  page: (params: TrustReviewListParams, page: number, pageSize: number) =>
    ["/api/trust-reviews", params, { page, pageSize }] as const,
  summary: (currency: string) => ["/api/trust-reviews", "summary", currency] as const,
};

export function useTrustReviewPage(params: TrustReviewListParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: trustReviewKeys.page(params, page, pageSize),
    queryFn: async (context): Promise<TrustReviewPage> => ({
      ...(await fetchListPage<TrustReviewResponse>(
        context,
        "/api/trust-reviews",
        params,
        page,
        pageSize,
      )),
      params,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useTrustReviewSummary(currency: string) {
  return useQuery({
    queryKey: trustReviewKeys.summary(currency),
    queryFn: ({ signal }) =>
      api.get<TrustReviewSummaryResponse>(`/api/trust-reviews/summary?currency=${currency}`, {
        signal,
      }),
  });
}

/** The license picker: names of up to 500 licenses, ordered by name. */
export function useLicenseChoices() {
  return useQuery({
    queryKey: ["/api/licenses", "choices"],
    queryFn: ({ signal }) =>
      api.get<LicenseResponse[]>("/api/licenses?limit=500&sort=name", { signal }),
  });
}

function useWrite<TArgs, TResult>(send: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustReviewKeys.all }),
  });
}

export const useCreateTrustReview = () =>
  useWrite((input: CreateTrustReviewRequest) =>
    api.post<TrustReviewResponse>("/api/trust-reviews", input),
  );
export const useUpdateTrustReview = () =>
  useWrite(({ id, input }: { id: number; input: UpdateTrustReviewRequest }) =>
    api.patch<TrustReviewResponse>(`/api/trust-reviews/${id}`, input),
  );
export const useDecideTrustReview = () =>
  useWrite(({ id, input }: { id: number; input: TrustReviewApprovalRequest }) =>
    api.patch<TrustReviewResponse>(`/api/trust-reviews/${id}/approval`, input),
  );
export const useSetTrustReviewActive = () =>
  useWrite(({ id, input }: { id: number; input: TrustReviewStatusRequest }) =>
    api.patch<TrustReviewResponse>(`/api/trust-reviews/${id}/status`, input),
  );

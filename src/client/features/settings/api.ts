// Server calls of the Settings page: the currency rates (administrators only).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type {
  CurrencyRateResponse,
  UpdateCurrencyRatesRequest,
} from "@/domain/schemas/currency-rates";

export const currencyRateKeys = { all: ["/api/currency-rates"] as const };

export function useCurrencyRates(enabled: boolean) {
  return useQuery({
    queryKey: currencyRateKeys.all,
    queryFn: ({ signal }) => api.get<CurrencyRateResponse[]>("/api/currency-rates", { signal }),
    enabled,
  });
}

export function useUpdateCurrencyRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCurrencyRatesRequest) =>
      api.put<CurrencyRateResponse[]>("/api/currency-rates", input),
    onSuccess: (rates) => {
      queryClient.setQueryData(currencyRateKeys.all, rates);
      // Every converted figure on other screens was computed with the old rates.
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== currencyRateKeys.all[0],
      });
    },
  });
}

// Server calls of Expense Analysis and the expense calendar (decision 0015). Query keys start with
// the API path; "today" is the viewer's calendar date, sent so figures match what they see.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { Budgets } from "@/domain/expenses/budgets";
import type {
  CalendarDayResponse,
  CalendarMonthResponse,
  DisplayCurrencyCode,
  ExpenseSourceFilter,
  ExpenseSummaryResponse,
} from "@/domain/expenses/schemas";

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function useExpenseSummary(
  source: ExpenseSourceFilter,
  currency: DisplayCurrencyCode,
  today: string,
) {
  return useQuery({
    queryKey: ["/api/expenses/summary", source, currency, today],
    queryFn: ({ signal }) =>
      api.get<ExpenseSummaryResponse>(
        `/api/expenses/summary?${query({ source, currency, today })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCalendarMonth(month: string, currency: DisplayCurrencyCode, today: string) {
  return useQuery({
    queryKey: ["/api/expenses/calendar", month, currency, today],
    queryFn: ({ signal }) =>
      api.get<CalendarMonthResponse>(
        `/api/expenses/calendar?${query({ month, currency, today })}`,
        {
          signal,
        },
      ),
  });
}

export function useCalendarDay(date: string, currency: DisplayCurrencyCode, today: string) {
  return useQuery({
    queryKey: ["/api/expenses/calendar/day", date, currency, today],
    queryFn: ({ signal }) =>
      api.get<CalendarDayResponse>(
        `/api/expenses/calendar/day?${query({ date, currency, today })}`,
        { signal },
      ),
  });
}

/** The monthly budgets as set (their own currency), for the budgets dialog. */
export function useBudgets() {
  return useQuery({
    queryKey: ["/api/budgets"],
    queryFn: ({ signal }) => api.get<Budgets>("/api/budgets", { signal }),
  });
}

export function useSaveBudgets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budgets: Budgets) => api.put<Budgets>("/api/budgets", budgets),
    onSuccess: (saved) => {
      queryClient.setQueryData(["/api/budgets"], saved);
      // The summary carries them in its currency.
      void queryClient.invalidateQueries({ queryKey: ["/api/expenses/summary"] });
    },
  });
}

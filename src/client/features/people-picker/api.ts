// The people picker's one server call: a page of active users matching a search.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { listQueryString } from "@/client/lib/list-query-string";
import { totalFromHeader } from "@/client/lib/pagination";
import type { Role } from "@/domain/enums";
import type { UserResponse } from "@/domain/schemas/users";

/**
 * The first `shown` active users matching the search (username, name, e-mail, department),
 * searched by the server; only administrators with `role` "admin". What is on screen stays until
 * the next answer. The key starts with /api/users, so any write to the users refreshes it.
 */
export function usePickerUsers(search: string, shown: number, role?: Role) {
  return useQuery({
    queryKey: ["/api/users", "picker", { search, shown, role }],
    queryFn: async ({ signal }) => {
      const filters = { search, active: "true", role };
      const { data, headers } = await api.getWithHeaders<UserResponse[]>(
        `/api/users?${listQueryString(filters, { limit: shown, offset: 0 })}`,
        { signal },
      );
      return { rows: data, total: totalFromHeader(headers.get("X-Total-Count"), 0, data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

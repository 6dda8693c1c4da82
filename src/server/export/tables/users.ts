// The Users list (administrators only) through listUsers, with its search, sort and active filter.
import type { UserListQuery, UserResponse } from "../../../domain/schemas/users";
import type { Db } from "../../db/client";
import { listUsers } from "../../users/service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type UserExportQuery = Omit<
  UserListQuery,
  "limit" | "offset" | "after" | "before" | "fromEnd"
>;

export function userTable(db: Db, query: UserExportQuery): ExportTable<UserResponse> {
  return {
    name: "users",
    title: "Users",
    filters: describeFilters([
      ["Search", query.search],
      ["Active only", query.active ? "yes" : undefined],
      ["Sorted by", `${query.sort} ${query.order}`, "username asc"],
    ]),
    columns: [
      { header: "Username", type: "text", value: (u) => u.username },
      { header: "Full Name", type: "text", value: (u) => u.fullName, weight: 1.5 },
      { header: "Email", type: "text", value: (u) => u.email, weight: 2 },
      { header: "Department", type: "text", value: (u) => u.department },
      { header: "Role", type: "text", value: (u) => u.role, weight: 0.7 },
      { header: "Active", type: "boolean", value: (u) => u.isActive, weight: 0.6 },
      { header: "Google Linked", type: "boolean", value: (u) => u.hasGoogle, weight: 0.6 },
      { header: "SSO Linked", type: "boolean", value: (u) => u.hasOidc, weight: 0.6 },
      { header: "Created", type: "date", value: (u) => u.createdAt.slice(0, 10) },
    ],
    pages: () =>
      // By keyset, after each page's last row (row-pages.ts); the query carries no page window.
      pagesOf(async (bounds) => {
        const page = await listUsers(db, { ...query, ...bounds });
        return { rows: page.users, next: page.cursors?.next };
      }),
  };
}

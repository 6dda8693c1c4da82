// The Users table's state in the URL (/users?search=marketing&page=2). There are no sort controls
// on the screen (spec part 2, 'Users'), but a link may still order it.
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";
import type { UserListParams } from "./api";

export const userListSearchParamsSchema = listSearchParamsSchema.extend({
  sort: z
    .enum(["username", "fullName", "createdAt"] satisfies UserListParams["sort"][])
    .catch("username"),
});

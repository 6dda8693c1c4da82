// The G Suite page's state in the URL: the tab, the Users tab's sub-tab, and the page and search
// of the list on screen (/gsuite-accounts?tab=users&view=all-users&search=kim&page=2).
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";

export const GSUITE_TABS = ["organizations", "plans", "users"] as const;
export type GsuiteTab = (typeof GSUITE_TABS)[number];
export const USERS_VIEWS = ["accounts", "all-users"] as const;
export type UsersView = (typeof USERS_VIEWS)[number];

export const gsuiteSearchParamsSchema = listSearchParamsSchema.extend({
  tab: z.enum(GSUITE_TABS).catch("organizations"),
  view: z.enum(USERS_VIEWS).catch("accounts"),
  /** The accounts list: only unused accounts (issue 33). */
  unused: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .catch(false),
});

// The Hardware screen's state in the URL (/hardware?tab=available&type=laptop&page=2), so reload,
// Back and shared links keep the tab, search, badge filters and page.
import { z } from "zod";
import { listSearchParamsSchema } from "@/client/lib/list-search-params";

export const HARDWARE_TABS = ["all", "available", "assigned", "requests"] as const;
export type HardwareTab = (typeof HARDWARE_TABS)[number];

export const hardwareSearchParamsSchema = listSearchParamsSchema.extend({
  tab: z.enum(HARDWARE_TABS).catch("all"),
  type: z.string().max(100).catch(""),
  location: z.string().max(200).catch(""),
});

// The Hosting page's toasts (spec part 2, section 8). Unlike the spec's client, a failed fetch is
// a failure, with the server's message.
import type { ToastMessage } from "@/client/lib/notify";
import type { HostingImportResponse } from "@/domain/schemas/hosting";
import type { HostingFetchKind } from "./api";

const SUCCESS_TITLES: Record<HostingFetchKind, string> = {
  latest: "Latest droplet costs fetched successfully",
  previous: "Previous month's droplet costs fetched successfully",
};

const FAILURE_TITLES: Record<HostingFetchKind, string> = {
  latest: "Error fetching costs",
  previous: "Error fetching previous month",
};

export const hostingFetchSucceeded = (
  kind: HostingFetchKind,
  result: HostingImportResponse,
): ToastMessage => ({ title: SUCCESS_TITLES[kind], description: result.message });

export const hostingFetchFailed = (kind: HostingFetchKind, error: unknown): ToastMessage => ({
  title: FAILURE_TITLES[kind],
  description:
    error instanceof Error && error.message
      ? error.message
      : "The costs could not be fetched. Please try again.",
});

// What the Users screen tells someone when saving a user fails (spec part 2, sections 6 and 8).
import { ApiError } from "@/client/lib/api-client";
import type { ToastMessage } from "@/client/lib/notify";

export const PERMISSION_DENIED: ToastMessage = {
  title: "Permission Denied",
  description: "Only administrators can create or modify users",
};

export function describeUserSaveError(error: unknown): ToastMessage {
  const message = error instanceof Error ? error.message : "";
  if (
    (error instanceof ApiError && error.status === 403) ||
    message.toLowerCase().includes("administrators")
  ) {
    return PERMISSION_DENIED;
  }
  if (!message) return { title: "Error", description: "Unknown error occurred" };
  const details =
    error instanceof ApiError
      ? error.errors
          .map((item) => (item.path ? `${item.path}: ${item.message}` : item.message))
          .filter((line) => line !== message)
      : [];
  return { title: "Error", description: [message, ...details].join("\n") };
}

/** 'Failed to delete user' with the server's reason (the own account, the last administrator...). */
export function describeUserDeleteError(error: unknown): ToastMessage {
  return {
    title: "Failed to delete user",
    description: error instanceof Error ? error.message : undefined,
  };
}

// The API tokens' toasts (Settings), worded like the other areas' and shown with lib/notify.
import type { ToastMessage } from "@/client/lib/notify";

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export const apiTokenToast = {
  created: (name: string): ToastMessage => ({
    title: "API token created",
    description: `${name} has been created. Copy it now.`,
  }),
  revoked: (name: string): ToastMessage => ({
    title: "API token revoked",
    description: `${name} no longer works.`,
  }),
  copied: "Token copied",
};

export const apiTokenFailure = {
  create: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to create API token: ${detail(error)}`,
  }),
  revoke: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to revoke API token: ${detail(error)}`,
  }),
};

// How providers and statuses read on screen (the stored values are the spec's).
import type { AccountStatus } from "@/domain/enums";
import { ACCOUNT_PROVIDER_LABELS } from "@/domain/schemas/accounts";

export const PROVIDER_LABELS = ACCOUNT_PROVIDER_LABELS;

export const STATUS_LABELS: Record<AccountStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  expired: "Expired",
};

export const STATUS_BADGE_VARIANTS = {
  active: "success",
  inactive: "secondary",
  expired: "destructive",
} as const satisfies Record<AccountStatus, string>;

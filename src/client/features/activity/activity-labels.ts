// How the activity log's areas, actions and changed fields read on screen. The lists come from the
// domain (src/domain/activity.ts), so an area or action added there gets a filter option and a
// label without a change here; the overrides only fix names that plain words would get wrong.
import type { SelectOption } from "@/client/components/form/select-input";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_AREAS,
  type ActivityAction,
  type ActivityArea,
} from "@/domain/activity";

/** 'hardware_requests' → 'Hardware requests', 'licenseKey' → 'License key'. */
export function plainWords(name: string): string {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const AREA_NAMES: Partial<Record<ActivityArea, string>> = {
  assignments: "License assignments",
  licenses: "Software licenses",
  gsuite: "G Suite accounts",
  gsuite_plans: "G Suite plans",
  gsuite_organizations: "G Suite organizations",
  auth: "Sign-in",
  api_tokens: "API tokens",
  scim: "SCIM provisioning",
};

const ACTION_NAMES: Partial<Record<ActivityAction, string>> = {
  sign_in: "Sign-in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Sign-out",
  token_create: "API token created",
  token_revoke: "API token revoked",
  two_factor_enable: "Two-factor enabled",
  two_factor_disable: "Two-factor disabled",
  two_factor_reset: "Two-factor reset",
  passkey_add: "Passkey added",
  passkey_remove: "Passkey removed",
  recovery_code_use: "Recovery code used",
  recovery_codes_regenerate: "Recovery codes regenerated",
  pay: "Payment",
};

export const activityAreaLabel = (area: ActivityArea) => AREA_NAMES[area] ?? plainWords(area);
export const activityActionLabel = (action: ActivityAction) =>
  ACTION_NAMES[action] ?? plainWords(action);

/** The filters' choices, "all" first (a select needs a value for "no filter"). */
export const ANY = "all" as const;
export const AREA_OPTIONS: SelectOption<ActivityArea | typeof ANY>[] = [
  { value: ANY, label: "All areas" },
  ...ACTIVITY_AREAS.map((area) => ({ value: area, label: activityAreaLabel(area) })),
];
export const ACTION_OPTIONS: SelectOption<ActivityAction | typeof ANY>[] = [
  { value: ANY, label: "All actions" },
  ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: activityActionLabel(action) })),
];

// Changes to how a person signs in, in the activity log (issue 15): a password, the second factor,
// a recovery code spent, new recovery codes, a passkey. Each is written with the transaction that makes the change.
// A person's own change is in the `auth` area, beside their sign-ins; an administrator's change to
// someone else's account is in the `users` area, in that person's history. The account is the item
// either way, and nothing secret is recorded: no password, code or key, only that it changed.
import type { ActivityAction } from "../../domain/activity";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Executor } from "../db/client";

export type AccountChangeAction = Extract<
  ActivityAction,
  | "password_change"
  | "two_factor_enable"
  | "two_factor_disable"
  | "two_factor_reset"
  | "passkey_add"
  | "passkey_remove"
  | "recovery_code_use"
  | "recovery_codes_regenerate"
>;

export interface AccountChange {
  action: AccountChangeAction;
  /** `auth` for the person's own change, `users` for an administrator's. */
  area: "auth" | "users";
  account: { id: number; username: string };
  /** Which passkey, for instance; never a secret. */
  detail?: Record<string, unknown>;
}

export function recordAccountChange(tx: Executor, actor: ActivityActor, change: AccountChange) {
  return recordActivity(tx, actor, {
    action: change.action,
    area: change.area,
    itemId: change.account.id,
    itemLabel: change.account.username,
    detail: change.detail ?? null,
  });
}

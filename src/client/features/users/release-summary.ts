// The sentence a confirmation uses to say what deleting or deactivating a user releases.
import type { UserHoldingsResponse } from "@/domain/schemas/users";

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'This returns 2 hardware items and ends 1 office account assignment.', or null for nothing. */
export function releaseSummary(
  holdings: Pick<UserHoldingsResponse, "hardware" | "officeAccounts" | "licenses">,
  options: { seats: boolean },
): string | null {
  const ends = [
    holdings.officeAccounts > 0
      ? counted(holdings.officeAccounts, "office account assignment", "office account assignments")
      : null,
    options.seats && holdings.licenses > 0
      ? counted(holdings.licenses, "license seat", "license seats")
      : null,
  ].filter((part): part is string => part !== null);
  const returns =
    holdings.hardware > 0
      ? `returns ${counted(holdings.hardware, "hardware item", "hardware items")} to available`
      : null;
  if (!returns && ends.length === 0) return null;
  const endsText = ends.length ? `ends ${ends.join(" and ")}` : null;
  return `This ${[returns, endsText].filter(Boolean).join(" and ")}.`;
}

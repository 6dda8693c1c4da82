import { TriangleAlertIcon, UserXIcon, XIcon } from "lucide-react";
import { memo } from "react";
import { SelectInput, type SelectOption } from "@/client/components/form/select-input";
import { ListSearchInput } from "@/client/components/list-search-input";
import { Button } from "@/client/components/ui/button";
import { formatCalendarDate } from "@/client/lib/format";
import type { LicenseListParams } from "./query-keys";

const STATUS_OPTIONS: SelectOption<LicenseListParams["status"]>[] = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "expiring", label: "Expiring soon" },
  { value: "expired", label: "Expired" },
];
// The server orders by cost per month converted to USD (list-query.ts), so a yearly and a monthly
// license compare fairly; the label says so.
const SORT_OPTIONS: SelectOption<LicenseListParams["sort"]>[] = [
  { value: "name", label: "Name" },
  { value: "expiryDate", label: "Expiry date" },
  { value: "cost", label: "Cost (monthly, in USD)" },
];
const ORDER_OPTIONS: SelectOption<LicenseListParams["order"]>[] = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];

type LicenseFilterValues = Omit<LicenseListParams, "search">;

interface LicenseFiltersProps extends LicenseFilterValues {
  search: string;
  /** Administrators set thresholds, so only they are offered the filter. */
  canFilterLowSeats: boolean;
  onSearch(search: string): void;
  onChange(changes: Partial<LicenseFilterValues>): void;
  /** A search or filter is on its way to the server. */
  searching: boolean;
}

export const LicenseFilters = memo(function LicenseFilters({
  search,
  status,
  sort,
  order,
  expiryFrom,
  expiryTo,
  lowSeats = false,
  unused = false,
  canFilterLowSeats,
  onSearch,
  onChange,
  searching,
}: LicenseFiltersProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <ListSearchInput
          wrapperClassName="flex-1"
          aria-label="Search licenses"
          placeholder="Search by name or license key..."
          value={search}
          onSearch={onSearch}
          maxLength={200}
          searching={searching}
        />
        <div className="grid grid-cols-3 gap-2 lg:flex">
          <SelectInput
            aria-label="Status"
            className="lg:w-40"
            value={status}
            onValueChange={(next) => onChange({ status: next })}
            options={STATUS_OPTIONS}
          />
          <SelectInput
            aria-label="Sort by"
            className="lg:w-52"
            value={sort}
            onValueChange={(next) => onChange({ sort: next })}
            options={SORT_OPTIONS}
          />
          <SelectInput
            aria-label="Order"
            className="lg:w-36"
            value={order}
            onValueChange={(next) => onChange({ order: next })}
            options={ORDER_OPTIONS}
          />
        </div>
      </div>
      {canFilterLowSeats && (
        // A row of their own: beside the selects they would push a 1024 px page sideways.
        <div className="flex flex-wrap gap-2">
          <Button
            variant={lowSeats ? "secondary" : "outline"}
            aria-pressed={lowSeats}
            onClick={() => onChange({ lowSeats: !lowSeats })}
          >
            <TriangleAlertIcon aria-hidden="true" />
            Low on seats
          </Button>
          <Button
            variant={unused ? "secondary" : "outline"}
            aria-pressed={unused}
            onClick={() => onChange({ unused: !unused })}
          >
            <UserXIcon aria-hidden="true" />
            Unused
          </Button>
        </div>
      )}
      {(expiryFrom || expiryTo) && (
        <ExpiryRange
          from={expiryFrom}
          to={expiryTo}
          onClear={() => onChange({ expiryFrom: "", expiryTo: "" })}
        />
      )}
    </div>
  );
});

/**
 * The range of expiry dates the list is narrowed to (a calendar feed event's link: that day's
 * licenses), with a way back to every date. Set by links only, so it shows only when set.
 */
function ExpiryRange({ from, to, onClear }: { from?: string; to?: string; onClear(): void }) {
  const label =
    from && from === to
      ? `Expiring on ${formatCalendarDate(from)}`
      : [
          "Expiring",
          from ? `from ${formatCalendarDate(from)}` : "",
          to ? `to ${formatCalendarDate(to)}` : "",
        ]
          .filter(Boolean)
          .join(" ");
  return (
    <div className="flex items-center gap-2 text-sm">
      <span>{label}</span>
      <Button variant="outline" size="sm" onClick={onClear}>
        <XIcon aria-hidden="true" />
        Every expiry date
      </Button>
    </div>
  );
}

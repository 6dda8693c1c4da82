import { SelectInput, type SelectOption } from "@/client/components/form/select-input";
import { SearchInput } from "@/client/components/search-input";
import type { LicenseListParams } from "./query-keys";

const STATUS_OPTIONS: SelectOption<LicenseListParams["status"]>[] = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "expiring", label: "Expiring soon" },
  { value: "expired", label: "Expired" },
];
const SORT_OPTIONS: SelectOption<LicenseListParams["sort"]>[] = [
  { value: "name", label: "Name" },
  { value: "expiryDate", label: "Expiry date" },
  { value: "cost", label: "Cost" },
];
const ORDER_OPTIONS: SelectOption<LicenseListParams["order"]>[] = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];

interface LicenseFiltersProps {
  value: LicenseListParams;
  onChange(value: LicenseListParams): void;
  /** A search or filter is on its way to the server. */
  searching: boolean;
}

export function LicenseFilters({ value, onChange, searching }: LicenseFiltersProps) {
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <SearchInput
        wrapperClassName="flex-1"
        aria-label="Search licenses"
        placeholder="Search by name or license key..."
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        maxLength={200}
        searching={searching}
      />
      <div className="grid grid-cols-3 gap-2 lg:flex">
        <SelectInput
          aria-label="Status"
          className="lg:w-40"
          value={value.status}
          onValueChange={(status) => onChange({ ...value, status })}
          options={STATUS_OPTIONS}
        />
        <SelectInput
          aria-label="Sort by"
          className="lg:w-36"
          value={value.sort}
          onValueChange={(sort) => onChange({ ...value, sort })}
          options={SORT_OPTIONS}
        />
        <SelectInput
          aria-label="Order"
          className="lg:w-36"
          value={value.order}
          onValueChange={(order) => onChange({ ...value, order })}
          options={ORDER_OPTIONS}
        />
      </div>
    </div>
  );
}

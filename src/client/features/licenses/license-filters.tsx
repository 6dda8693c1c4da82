import { SearchIcon } from "lucide-react";
import { Input } from "@/client/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import type { LicenseListParams } from "./query-keys";

const STATUS_OPTIONS: { value: LicenseListParams["status"]; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "expiring", label: "Expiring soon" },
  { value: "expired", label: "Expired" },
];
const SORT_OPTIONS: { value: LicenseListParams["sort"]; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "expiryDate", label: "Expiry date" },
  { value: "cost", label: "Cost" },
];
const ORDER_OPTIONS: { value: LicenseListParams["order"]; label: string }[] = [
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
      <div className="relative flex-1">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search licenses"
          placeholder="Search by name or license key..."
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
          className="pl-9"
          maxLength={200}
        />
        {searching && (
          <span className="absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground">
            <Spinner label="Searching" />
          </span>
        )}
      </div>
      <div className="grid grid-cols-3 gap-2 lg:flex">
        <Select
          value={value.status}
          onValueChange={(status) =>
            onChange({ ...value, status: status as LicenseListParams["status"] })
          }
        >
          <SelectTrigger aria-label="Status" className="lg:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={value.sort}
          onValueChange={(sort) => onChange({ ...value, sort: sort as LicenseListParams["sort"] })}
        >
          <SelectTrigger aria-label="Sort by" className="lg:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SORT_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={value.order}
          onValueChange={(order) =>
            onChange({ ...value, order: order as LicenseListParams["order"] })
          }
        >
          <SelectTrigger aria-label="Order" className="lg:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ORDER_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

// The Activity page's search and filters: person, area, action and a range of days. Each change
// is written to the URL by the page (a history entry of its own, back to page 1).
import { memo } from "react";
import { SelectInput, type SelectOption } from "@/client/components/form/select-input";
import { ListSearchInput } from "@/client/components/list-search-input";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { ACTION_OPTIONS, ANY, AREA_OPTIONS } from "./activity-labels";
import type { ActivityListState } from "./activity-search-params";
import { PersonFilter } from "./person-filter";

type Filters = Pick<ActivityListState, "userId" | "area" | "action" | "from" | "to">;

interface ActivityFiltersProps extends Filters {
  search: string;
  onSearch(search: string): void;
  onChange(changes: Partial<Filters>): void;
  /** The name of the person filtered by, as the records on screen give it. */
  personName: string | null;
  searching: boolean;
}

const NO_FILTERS: Filters = {
  userId: undefined,
  area: undefined,
  action: undefined,
  from: undefined,
  to: undefined,
};

export const ActivityFilters = memo(function ActivityFilters({
  search,
  onSearch,
  onChange,
  personName,
  searching,
  ...filters
}: ActivityFiltersProps) {
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="grid gap-2">
      <ListSearchInput
        wrapperClassName="max-w-md"
        aria-label="Search activity"
        placeholder="Search by item name..."
        value={search}
        onSearch={onSearch}
        maxLength={200}
        searching={searching}
      />
      <div className="flex flex-wrap items-center gap-2">
        <PersonFilter
          userId={filters.userId}
          knownName={personName}
          onChange={(userId) => onChange({ userId })}
        />
        <AnyOfSelect
          label="Area"
          value={filters.area}
          options={AREA_OPTIONS}
          onChange={(area) => onChange({ area })}
        />
        <AnyOfSelect
          label="Action"
          value={filters.action}
          options={ACTION_OPTIONS}
          onChange={(action) => onChange({ action })}
        />
        <Input
          type="date"
          aria-label="From"
          className="w-40"
          value={filters.from ?? ""}
          max={filters.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
        <Input
          type="date"
          aria-label="To"
          className="w-40"
          value={filters.to ?? ""}
          min={filters.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
});

/** A select of one value or none ("all", the first option): undefined means no filter. */
function AnyOfSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly SelectOption<V | typeof ANY>[];
  onChange(value: V | undefined): void;
}) {
  return (
    <SelectInput<V | typeof ANY>
      aria-label={label}
      className="w-48"
      value={value ?? ANY}
      onValueChange={(next) => onChange(next === ANY ? undefined : (next as V))}
      options={options}
    />
  );
}

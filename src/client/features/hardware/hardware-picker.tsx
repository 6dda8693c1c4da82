// The free items to assign, searched by the server (name, serial number, location, PC name) a page
// at a time, so a large inventory is never downloaded to pick one item. Used by 'Assign Hardware
// Item' when it opens without an item (the dashboard's Assign Hardware quick action).
import { useState } from "react";
import { SearchPicker } from "@/client/components/search-picker";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { useFreeHardware } from "./api";

const SHOWN = 50;

type HardwareOption = HardwareResponse & { displayName: string };
const asOption = (item: HardwareResponse): HardwareOption => ({ ...item, displayName: item.name });

export function HardwarePicker({
  label,
  value,
  onChange,
}: {
  /** The accessible name of the search box. */
  label: string;
  value: number | undefined;
  onChange(item: HardwareResponse): void;
}) {
  const [search, setSearch] = useState("");
  const items = useFreeHardware(useDebouncedValue(search.trim(), 250), SHOWN);
  // The chosen item may have scrolled out of a later search: remember it, not just the id.
  const [picked, setPicked] = useState<HardwareOption | null>(null);
  const page = items.data && { rows: items.data.rows.map(asOption), total: items.data.total };

  return (
    <SearchPicker
      label={label}
      placeholder="Search by name, serial number or location..."
      emptyText="No available hardware found."
      loadingText="Loading hardware..."
      noneText="No item selected."
      search={search}
      onSearchChange={setSearch}
      page={page}
      shown={SHOWN}
      pending={items.isPending}
      error={items.isError ? `Failed to load hardware. ${items.error.message}` : null}
      chosen={picked !== null && picked.id === value ? picked : null}
      onChange={(item) => {
        setPicked(item);
        onChange(item);
      }}
      describe={(item) =>
        [hardwareTypeLabel(item.type), item.identifier, item.location].filter(Boolean).join(" · ")
      }
    />
  );
}

// An item's specifications in its row, under its name: 'CPU: Apple M3 · RAM: 16 GB'. Long lists
// are cut at two lines; the whole list is the element's title.
import { specEntries } from "@/domain/hardware-specs";
import type { HardwareResponse } from "@/domain/schemas/hardware";

export function HardwareSpecsSummary({ specs }: { specs: HardwareResponse["specs"] }) {
  const entries = specEntries(specs);
  if (entries.length === 0) return null;
  const text = entries.map(([name, value]) => `${name}: ${value}`).join(" · ");
  return (
    <p
      data-slot="hardware-specs"
      className="line-clamp-2 max-w-80 text-xs text-muted-foreground"
      title={text}
    >
      {text}
    </p>
  );
}

// The columns a person mapped by hand, remembered per area in this browser, so that next month's
// export from the same tool maps itself. Only choices the server accepted are kept.
import type { ImportArea } from "@/domain/imports/columns";
import { isMappableField } from "@/domain/imports/mapping";
import { type ImportColumnMapping, importMappingSchema } from "@/domain/schemas/imports";

const keyOf = (area: ImportArea) => `quartermaster.import-mapping.${area}`;

export function rememberedMapping(area: ImportArea): Record<string, string | null> {
  try {
    const parsed = importMappingSchema.safeParse(
      JSON.parse(window.localStorage.getItem(keyOf(area)) ?? "{}"),
    );
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function rememberMapping(area: ImportArea, mapping: readonly ImportColumnMapping[]) {
  const chosen = mapping.filter((entry) => !entry.suggested);
  if (chosen.length === 0) return;
  const next = { ...rememberedMapping(area) };
  for (const entry of chosen) next[entry.column] = entry.field;
  try {
    window.localStorage.setItem(keyOf(area), JSON.stringify(next));
  } catch {
    // Storage full or refused (private browsing): the mapping is simply not remembered.
  }
}

/**
 * The remembered choices that apply to this file: its columns only, a field at most once, and
 * only where they differ from what the server suggested.
 */
export function rememberedFor(
  area: ImportArea,
  mapping: readonly ImportColumnMapping[],
): Record<string, string | null> {
  const remembered = rememberedMapping(area);
  const result: Record<string, string | null> = {};
  const taken = new Set<string>();
  for (const entry of mapping) {
    if (!Object.hasOwn(remembered, entry.column)) continue;
    const field = remembered[entry.column] ?? null;
    if (field === entry.field || (field !== null && !isMappableField(area, field))) continue;
    if (field !== null && taken.has(field)) continue;
    if (field !== null) taken.add(field);
    result[entry.column] = field;
  }
  return result;
}

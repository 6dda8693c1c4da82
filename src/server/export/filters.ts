// A list's filters in words for the PDF's heading ('Status: expiring', 'Search: "figma"'):
// only those that narrow or order the list differently from its plain view.
export function describeFilters(
  entries: [label: string, value: string | boolean | undefined | null, plain?: string][],
): string[] {
  return entries.flatMap(([label, value, plain]) =>
    value === undefined || value === null || value === "" || String(value) === plain
      ? []
      : [label === "Search" ? `Search: "${value}"` : `${label}: ${value}`],
  );
}

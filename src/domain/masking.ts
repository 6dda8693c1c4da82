// Masking of sensitive codes for display (spec part 1, section 5).

/**
 * Shows only the last 4 characters, replaces every other character with X and keeps hyphens in
 * place, so the shape of a key stays recognisable: 'ABCD-EFGH-IJKL' → 'XXXX-XXXX-IJKL'.
 * Empty → 'N/A'. A value of 4 characters or fewer is masked entirely: showing "the last 4"
 * would show all of it.
 */
export function maskSecret(value: string | null | undefined): string {
  if (value == null || value.trim() === "") return "N/A";
  const chars = Array.from(value);
  const visibleFrom = chars.length > 4 ? chars.length - 4 : chars.length;
  return chars.map((char, index) => (index >= visibleFrom || char === "-" ? char : "X")).join("");
}

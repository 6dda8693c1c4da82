// A secret as lists and exports show it, copied into an import file by mistake: importing it
// would replace a real key or password with its mask.
import { maskSecret } from "../../../domain/masking";
import { MASKED_PASSWORD } from "../../../domain/schemas/accounts";

/**
 * 'XXXX-XXXX-IJKL' (domain/masking.ts), a fully masked short value, '••••••••', '********' (the
 * G Suite accounts export) or 'N/A'.
 */
export function looksMasked(value: string): boolean {
  const text = value.trim();
  if (text === MASKED_PASSWORD || text === "N/A" || /^\*{4,}$/.test(text)) return true;
  if (/^[X-]+$/.test(text) && text.includes("X")) return true;
  return text.length > 4 && maskSecret(text) === text;
}

// Failed sign-in attempts counted in this browser (spec: more than 3 shows a hint; cleared on success).
const STORAGE_KEY = "loginFailedAttempts";

export const TROUBLE_HINT_AFTER = 3;

export function readFailedAttempts(): number {
  try {
    const value = Number(window.localStorage.getItem(STORAGE_KEY) ?? "0");
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  } catch {
    return 0;
  }
}

export function recordFailedAttempt(): number {
  const next = readFailedAttempts() + 1;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(next));
  } catch {
    // Counting is only a hint.
  }
  return next;
}

export function clearFailedAttempts() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

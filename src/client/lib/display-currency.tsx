// The currency amounts are shown in across screens (spec: AUD unless one is stored locally).
import * as React from "react";

export type DisplayCurrency = "AUD" | "USD";

const STORAGE_KEY = "displayCurrency";
export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = "AUD";

export function parseDisplayCurrency(value: string | null | undefined): DisplayCurrency {
  return value === "USD" || value === "AUD" ? value : DEFAULT_DISPLAY_CURRENCY;
}

function readStored(): DisplayCurrency {
  try {
    return parseDisplayCurrency(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_DISPLAY_CURRENCY;
  }
}

interface DisplayCurrencyValue {
  currency: DisplayCurrency;
  setCurrency: (currency: DisplayCurrency) => void;
  /** AUD ⇄ USD, as the top bar's toggle button does. */
  toggleCurrency: () => void;
}

const DisplayCurrencyContext = React.createContext<DisplayCurrencyValue | null>(null);

export function DisplayCurrencyProvider({ children }: { children: React.ReactNode }) {
  const [currency, setCurrencyState] = React.useState<DisplayCurrency>(readStored);

  const setCurrency = React.useCallback((next: DisplayCurrency) => {
    setCurrencyState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
  }, []);

  const value = React.useMemo<DisplayCurrencyValue>(
    () => ({
      currency,
      setCurrency,
      toggleCurrency: () => setCurrency(currency === "AUD" ? "USD" : "AUD"),
    }),
    [currency, setCurrency],
  );

  return <DisplayCurrencyContext value={value}>{children}</DisplayCurrencyContext>;
}

export function useDisplayCurrency(): DisplayCurrencyValue {
  const value = React.useContext(DisplayCurrencyContext);
  if (!value) throw new Error("useDisplayCurrency must be used inside DisplayCurrencyProvider");
  return value;
}

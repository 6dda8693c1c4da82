import { QueryClientProvider } from "@tanstack/react-query";
import * as React from "react";
import { AuthProvider } from "@/client/features/auth/auth-context";
import { DisplayCurrencyProvider } from "@/client/lib/display-currency";
import { useToasterWanted } from "@/client/lib/notify";
import { lazyPage } from "./lazy-page";
import { queryClient } from "./query-client";

// sonner comes with the first toast (see client/lib/notify.ts), not with any page.
const Toaster = lazyPage(
  () => import("@/client/components/ui/sonner"),
  (m) => m.Toaster,
);

function ToasterWhenWanted() {
  if (!useToasterWanted()) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  );
}

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <DisplayCurrencyProvider>
          {children}
          <ToasterWhenWanted />
        </DisplayCurrencyProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

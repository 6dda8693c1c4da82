import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { Toaster } from "@/client/components/ui/sonner";
import { TooltipProvider } from "@/client/components/ui/tooltip";
import { AuthProvider } from "@/client/features/auth/auth-context";
import { DisplayCurrencyProvider } from "@/client/lib/display-currency";
import { queryClient } from "./query-client";

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <DisplayCurrencyProvider>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </DisplayCurrencyProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

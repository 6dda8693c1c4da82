// Any path the route table does not list (spec 2.1: 'Page Not Found', open to everyone). Signed
// in, the 404 card shows in the shell; signed out, on its own: signing in to be told that a page
// does not exist would help nobody.

import { useAuth } from "@/client/features/auth/auth-context";
import { FullPageSpinner } from "@/client/features/auth/require-auth";
import { DocumentTitle } from "./document-title";
import { NotFoundPage } from "./not-found-page";
import { NOT_FOUND_TITLE } from "./route-table";
import { AppShell } from "./shell/app-shell";

export function UnknownPathPage() {
  const { status } = useAuth();
  if (status === "authenticated") {
    return (
      <AppShell>
        <NotFoundPage />
      </AppShell>
    );
  }
  if (status === "unauthenticated") {
    return (
      <DocumentTitle title={NOT_FOUND_TITLE}>
        <main className="min-h-screen bg-background p-4 md:p-6">
          <NotFoundPage standalone />
        </main>
      </DocumentTitle>
    );
  }
  return <FullPageSpinner message="Loading your dashboard..." />;
}

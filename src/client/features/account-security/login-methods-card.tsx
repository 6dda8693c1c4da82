// How this account can sign in (spec part 2, 'Profile'): Password Active; Google Connected or
// not (users.googleId, read through the user's own record); Biometric Active or Not Set Up. Beside
// them, when the server has single sign-on set up (or the account is linked to it all the same),
// SSO Connected or not (users.oidcSubject, decision 0059).
import { Fingerprint, KeyRound, LogIn } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/client/components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import type { AuthUser } from "@/domain/schemas/auth";
import { useCredentials, useOwnRecord, useSsoStatus } from "./api";

export function LoginMethodsCard({ user }: { user: AuthUser }) {
  const own = useOwnRecord(user.id);
  const credentials = useCredentials();
  const sso = useSsoStatus();
  const showSso = sso.data?.configured === true || own.data?.hasOidc === true;
  const pending = <Skeleton className="h-5 w-20" aria-label="Checking" />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Login Methods</CardTitle>
        <CardDescription>The ways you can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <LoginMethod
          icon={<KeyRound />}
          name="Password"
          detail="Sign in with your username and password."
          state={<Badge variant="success">Password Active</Badge>}
        />
        <LoginMethod
          icon={<GoogleIcon />}
          name="Google"
          detail="Sign in with your Google account."
          state={
            own.data ? (
              own.data.hasGoogle ? (
                <Badge variant="success">Google Connected</Badge>
              ) : (
                <Badge variant="outline">Not Connected</Badge>
              )
            ) : own.isError ? (
              <Badge variant="outline">Unknown</Badge>
            ) : (
              pending
            )
          }
        />
        {showSso && (
          <LoginMethod
            icon={<LogIn />}
            name="Single sign-on"
            detail="Sign in with your organisation's account."
            state={
              own.data ? (
                own.data.hasOidc ? (
                  <Badge variant="success">SSO Connected</Badge>
                ) : (
                  <Badge variant="outline">Not Connected</Badge>
                )
              ) : own.isError ? (
                <Badge variant="outline">Unknown</Badge>
              ) : (
                pending
              )
            }
          />
        )}
        <LoginMethod
          icon={<Fingerprint />}
          name="Biometric"
          detail="Sign in with a passkey on this device."
          state={
            credentials.data ? (
              credentials.data.length > 0 ? (
                <Badge variant="success">Biometric Active</Badge>
              ) : (
                <Badge variant="outline">Not Set Up</Badge>
              )
            ) : credentials.isError ? (
              <Badge variant="outline">Unknown</Badge>
            ) : (
              pending
            )
          }
        />
      </CardContent>
    </Card>
  );
}

function LoginMethod({
  icon,
  name,
  detail,
  state,
}: {
  icon: React.ReactNode;
  name: string;
  detail: string;
  state: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-4 rounded-lg border p-3" data-login-method={name}>
      <div
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5"
      >
        {icon}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
      {state}
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M21.35 11.1h-9.17v2.98h5.27c-.23 1.4-1.64 4.1-5.27 4.1-3.17 0-5.76-2.63-5.76-5.87s2.59-5.87 5.76-5.87c1.8 0 3.01.77 3.7 1.43l2.52-2.43C16.78 3.93 14.7 3 12.18 3 7.1 3 3 7.1 3 12.3s4.1 9.3 9.18 9.3c5.3 0 8.81-3.72 8.81-8.97 0-.6-.07-1.06-.14-1.53z"
      />
    </svg>
  );
}

// User Profile (spec part 2, 'Profile'). Passkeys arrive in a later issue; until then the Security
// tab says so instead of offering a registration that cannot work.
import { Fingerprint, KeyRound, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { PageHeader } from "@/client/components/page-header";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { FullPageSpinner, useAuth } from "@/client/features/auth";

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <FullPageSpinner message="Loading user information..." />;
  const name = user.displayName || user.username;

  return (
    <div className="grid gap-6">
      <PageHeader title="Your Profile" description="Your account details and how you sign in." />
      <Tabs defaultValue="general">
        <TabsList>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>

        <TabsContent value="general">
          <Card>
            <CardHeader>
              <div className="flex items-center gap-4">
                <Avatar className="size-14">
                  <AvatarFallback className="text-xl">
                    {(name[0] ?? "?").toUpperCase()}
                  </AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <CardTitle className="text-xl">{name}</CardTitle>
                    {user.isAdmin && <Badge>Admin</Badge>}
                  </div>
                  <CardDescription>{user.email || "No email on file"}</CardDescription>
                </div>
              </div>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <FormField label="Username">
                <Input value={user.username} readOnly />
              </FormField>
              <FormField label="Email">
                <Input value={user.email ?? ""} placeholder="No email on file" readOnly />
              </FormField>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="security" className="grid gap-6">
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
                state={<Badge variant="outline">Not Set Up</Badge>}
              />
              <LoginMethod
                icon={<Fingerprint />}
                name="Biometric"
                detail="Sign in with a passkey on this device."
                state={<Badge variant="outline">Not Set Up</Badge>}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Biometric Credentials</CardTitle>
              <CardDescription>
                Passkeys (fingerprint, face or device PIN) are not available yet. They arrive in a
                later release; until then, sign in with your password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
                No biometric credentials registered.
              </div>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
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
    <div className="flex items-center gap-4 rounded-lg border p-3">
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

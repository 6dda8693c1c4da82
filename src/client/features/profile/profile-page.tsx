// User Profile (spec part 2, 'Profile'): the General tab here, the Security tab from the account
// security feature.

import { useSearchParams } from "react-router";
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
import { SecurityTab } from "@/client/features/account-security";
import { FullPageSpinner, useAuth } from "@/client/features/auth";
import { useSearchParamsUpdate } from "@/client/hooks/use-search-params-update";

export function ProfilePage() {
  const { user } = useAuth();
  // The tab lives in the URL, so the user menu's Biometric Settings can open Security directly.
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const tab = searchParams.get("tab") === "security" ? "security" : "general";
  const showTab = (value: string) =>
    updateSearchParams(() => new URLSearchParams(value === "security" ? { tab: value } : {}), {
      replace: true,
    });
  if (!user) return <FullPageSpinner message="Loading user information..." />;
  const name = user.displayName || user.username;

  return (
    <div className="grid gap-6">
      <PageHeader title="Your Profile" description="Your account details and how you sign in." />
      <Tabs value={tab} onValueChange={showTab}>
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
          <SecurityTab user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

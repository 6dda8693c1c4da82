// The Profile's Security tab: how this account signs in, its passkeys, two-factor authentication
// and the password change.
import type { AuthUser } from "@/domain/schemas/auth";
import { BiometricCredentialsCard } from "./biometric-credentials-card";
import { ChangePasswordCard } from "./change-password-card";
import { LoginMethodsCard } from "./login-methods-card";
import { TwoFactorCard } from "./two-factor-card";

export function SecurityTab({ user }: { user: AuthUser }) {
  return (
    <div className="grid gap-6">
      <LoginMethodsCard user={user} />
      <BiometricCredentialsCard user={user} />
      <TwoFactorCard />
      <ChangePasswordCard />
    </div>
  );
}

// The Profile's Security tab: how this account signs in, its passkeys, and (from the
// second-factor work) two-factor authentication and the password change.
import type { AuthUser } from "@/domain/schemas/auth";
import { BiometricCredentialsCard } from "./biometric-credentials-card";
import { LoginMethodsCard } from "./login-methods-card";

export function SecurityTab({ user }: { user: AuthUser }) {
  return (
    <div className="grid gap-6">
      <LoginMethodsCard user={user} />
      <BiometricCredentialsCard user={user} />
      {/* Second factor and password cards (two-factor-card.tsx, change-password-card.tsx) go here. */}
    </div>
  );
}

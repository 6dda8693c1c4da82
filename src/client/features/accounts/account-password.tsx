// A password cell: masked, or (while the page's Show Passwords toggle is on) the clear password
// asked of the server for this one account, which logs the view. Hiding forgets it; it is never
// put in the query cache.
import { useEffect, useState } from "react";
import { Spinner } from "@/client/components/ui/spinner";
import { notify } from "@/client/lib/notify";
import { MASKED_PASSWORD } from "@/domain/schemas/accounts";
import { accountFailure } from "./account-toasts";
import { useRevealAccountPassword } from "./api";

export function AccountPassword({ accountId, shown }: { accountId: number; shown: boolean }) {
  // undefined: not revealed; null: revealed, but no password is known (a synced account).
  const [password, setPassword] = useState<string | null | undefined>(undefined);
  const { mutate, isPending } = useRevealAccountPassword();

  useEffect(() => {
    if (!shown) {
      setPassword(undefined);
      return;
    }
    let current = true;
    mutate(accountId, {
      onSuccess: (answer) => current && setPassword(answer.password),
      onError: (error) => current && notify.error(accountFailure.reveal(error)),
    });
    return () => {
      current = false;
    };
  }, [shown, accountId, mutate]);

  if (shown && isPending) return <Spinner label="Revealing password" />;
  return (
    <code
      className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap"
      data-testid="account-password"
    >
      {!shown || password === undefined
        ? MASKED_PASSWORD
        : password === null
          ? "No password"
          : password}
    </code>
  );
}

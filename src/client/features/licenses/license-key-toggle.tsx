// The key is masked by default. Showing it asks the server, which logs the view (who, when, IP,
// browser, session); hiding it forgets the clear key. It is never put in the query cache.
// Render it with key={licenseKeyMasked}, so a new key (edit or renewal) hides a stale one.
// A user who turned off 'Mask licence keys' in Settings gets each key revealed as it is shown
// (each reveal is still asked for, and logged, one by one).
import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { IconAction } from "@/client/components/icon-action";
import { Spinner } from "@/client/components/ui/spinner";
import { usePreferences } from "@/client/features/settings";
import { notify } from "@/client/lib/notify";
import { useRevealLicenseKey } from "./api";
import { licenseFailure } from "./license-toasts";

export function LicenseKeyToggle({ licenseId, masked }: { licenseId: number; masked: string }) {
  const [clearKey, setClearKey] = useState<string | null>(null);
  const reveal = useRevealLicenseKey();
  const revealFirst = usePreferences().data?.maskLicenseKeys === false;
  const autoRevealed = useRef(false);
  useEffect(() => {
    if (!revealFirst || autoRevealed.current) return;
    autoRevealed.current = true;
    // A refusal leaves the key masked; the eye button still offers it (with the reason on click).
    reveal.mutate(licenseId, { onSuccess: ({ licenseKey }) => setClearKey(licenseKey) });
  }, [revealFirst, licenseId, reveal]);

  const toggle = () => {
    if (clearKey !== null) {
      setClearKey(null);
      return;
    }
    reveal.mutate(licenseId, {
      onSuccess: ({ licenseKey }) => setClearKey(licenseKey),
      onError: (error) => notify.error(licenseFailure.reveal(error.message)),
    });
  };

  const shown = clearKey !== null;
  return (
    <div className="flex items-center gap-1">
      <code
        className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap"
        data-testid="license-key"
      >
        {shown ? clearKey : masked}
      </code>
      <IconAction
        label={shown ? "Hide license key" : "Show license key"}
        onClick={toggle}
        disabled={reveal.isPending}
      >
        {reveal.isPending ? (
          <Spinner label="Revealing license key" />
        ) : shown ? (
          <EyeOffIcon aria-hidden="true" />
        ) : (
          <EyeIcon aria-hidden="true" />
        )}
      </IconAction>
    </div>
  );
}

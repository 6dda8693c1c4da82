// The Activity page's person filter: a button that names the person (or "Anyone") and opens a
// search over the users on the server. A person picked from a row's link arrives as an id in the
// URL; their name is then the one the records carry.
import { UserRound, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/client/components/ui/popover";
import { UserPicker } from "@/client/features/people-picker";

interface PersonFilterProps {
  userId: number | undefined;
  /** The person's name as the shown records give it, if known. */
  knownName: string | null;
  onChange(userId: number | undefined): void;
}

export function PersonFilter({ userId, knownName, onChange }: PersonFilterProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const name =
    userId === undefined
      ? "Anyone"
      : picked?.id === userId
        ? picked.name
        : (knownName ?? `User #${userId}`);

  return (
    <div className="flex items-center gap-1">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            className="justify-start lg:w-48"
            aria-label={`Person: ${name}`}
          >
            <UserRound aria-hidden="true" />
            <span className="truncate">{name}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-80 p-2">
          <UserPicker
            label="Find a person"
            value={userId}
            onChange={(user) => {
              setPicked({ id: user.id, name: user.username });
              onChange(user.id);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      {userId !== undefined && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Anyone: clear the person filter"
          onClick={() => onChange(undefined)}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

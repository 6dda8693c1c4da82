import { SearchIcon } from "lucide-react";
import type * as React from "react";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/utils";

export interface SearchInputProps extends Omit<React.ComponentProps<typeof Input>, "type"> {
  /** Results for what was typed are on their way: a spinner shows inside the box. */
  searching?: boolean;
  /** Sizes the box in its row (the props go to the input itself). */
  wrapperClassName?: string;
}

/** A search box with its magnifier icon. Give it an aria-label: the placeholder is not a name. */
export function SearchInput({
  searching = false,
  wrapperClassName,
  className,
  ...props
}: SearchInputProps) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className={cn("pl-9", className)} {...props} />
      {searching && (
        <span className="absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground">
          <Spinner label="Searching" />
        </span>
      )}
    </div>
  );
}

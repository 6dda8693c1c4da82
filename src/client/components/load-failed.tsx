// What a card shows when its data could not be read: the reason, announced, and a button that
// asks again. One place, so every card words and offers it the same way.
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";

export interface LoadFailedProps {
  /** What could not be read, as in 'Failed to load {what}.' */
  what: string;
  /** The failed query (TanStack Query's error and refetch). */
  query: { error: Error | null; refetch(): unknown };
}

export function LoadFailed({ what, query }: LoadFailedProps) {
  return (
    <div className="grid justify-items-start gap-2">
      <FormAlert>
        Failed to load {what}. {query.error?.message}
      </FormAlert>
      <Button variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

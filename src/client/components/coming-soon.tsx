import { Hourglass } from "lucide-react";
import { PageHeader } from "@/client/components/page-header";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";

/** A page whose area is not built yet. Says so plainly instead of showing invented data. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <Card>
        <CardContent>
          <EmptyState
            icon={<Hourglass />}
            title="This area is coming in a later release"
            description="Nothing is stored or shown here yet."
          />
        </CardContent>
      </Card>
    </div>
  );
}

import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";

/**
 * The 404 card. In the shell its title is an h2 under the top bar's h1; shown on its own (to a
 * visitor who is not signed in) it is the page's h1.
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const Heading = standalone ? "h1" : "h2";
  return (
    <Card className="mx-auto mt-10 max-w-md text-center">
      <CardHeader>
        <Heading data-slot="card-title" className="text-2xl leading-none font-semibold">
          404 Page Not Found
        </Heading>
        <CardDescription>The page you are looking for does not exist or has moved.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

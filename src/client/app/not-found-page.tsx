import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";

export function NotFoundPage() {
  return (
    <Card className="mx-auto mt-10 max-w-md text-center">
      <CardHeader>
        <CardTitle className="text-2xl">404 Page Not Found</CardTitle>
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

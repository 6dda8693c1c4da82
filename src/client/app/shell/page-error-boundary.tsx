// Keeps a failing page from blanking the whole app; unauthorised errors go to the global handler.
import * as React from "react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { handleGlobalError } from "../query-client";

interface State {
  error: Error | null;
}

export class PageErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error("Page error:", error);
    handleGlobalError(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle>Something went wrong</CardTitle>
          <CardDescription>
            This page could not be shown: {this.state.error.message}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => this.setState({ error: null })}>Try again</Button>
        </CardContent>
      </Card>
    );
  }
}

// A Settings card: an icon beside its title, a sentence under it, then its content.
import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";

export function SettingsCard({
  icon: Icon,
  title,
  description,
  contentClassName = "grid gap-4",
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

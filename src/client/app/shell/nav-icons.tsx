import {
  AtSign,
  ClipboardList,
  Globe,
  History,
  KeyRound,
  Laptop,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Receipt,
  Server,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";
import type { NavKey } from "../navigation";

export const NAV_ICONS: Record<NavKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  users: Users,
  hardware: Laptop,
  accounts: Mail,
  licenses: KeyRound,
  gsuite: AtSign,
  assignments: ClipboardList,
  expenses: Receipt,
  directories: Globe,
  hosting: Server,
  "trust-reviews": ShieldCheck,
  activity: History,
  settings: Settings,
};

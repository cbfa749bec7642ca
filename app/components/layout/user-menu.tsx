import { ChevronDown, LayoutDashboard, LogOut, Settings, ShieldCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/utils";

/**
 * The signed-in user's menu in the top navigation (name, Dashboard → /portal,
 * Sign out). Owned by the accounts feature; the header renders it when the
 * root loader has a user. `variant="panel"` lays the same links out flat, for
 * the small-screen menu.
 */
export interface NavUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  type?: "customer" | "business";
}

function initials(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? email).slice(0, 1);
  return letters.toUpperCase();
}

function Avatar({ user, className }: { user: NavUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-7 shrink-0 place-items-center rounded-full bg-primary text-[11px] font-bold tracking-wide text-primary-foreground",
        className,
      )}
    >
      {initials(user.name, user.email)}
    </span>
  );
}

const SIGN_OUT_ACTION = "/auth/sign-out";

export function UserMenu({ user, variant = "menu" }: { user: NavUser; variant?: "menu" | "panel" }) {
  const name = user.name || user.email;
  if (variant === "panel") {
    return (
      <div className="grid gap-1 rounded-xl border bg-card p-2">
        <div className="flex items-center gap-3 px-2 py-1.5">
          <Avatar user={user} className="size-9 text-xs" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <Link
          to="/portal"
          className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted"
        >
          <LayoutDashboard aria-hidden="true" className="size-4 text-muted-foreground" /> Dashboard
        </Link>
        {user.isAdmin ? (
          <Link
            to="/admin"
            className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted"
          >
            <ShieldCheck aria-hidden="true" className="size-4 text-muted-foreground" /> Admin
          </Link>
        ) : null}
        <Link
          to="/account/settings"
          className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted"
        >
          <Settings aria-hidden="true" className="size-4 text-muted-foreground" /> Account settings
        </Link>
        <Form method="post" action={SIGN_OUT_ACTION}>
          <button
            type="submit"
            className="flex h-11 w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-destructive hover:bg-destructive/10"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </button>
        </Form>
      </div>
    );
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="group max-w-52 gap-2 rounded-full pr-2.5 pl-1"
          aria-label={`Account menu for ${name}`}
        >
          <Avatar user={user} />
          <span className="truncate">{name}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar user={user} className="size-9 text-xs" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/portal">
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" /> Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/account/settings">
            <Settings aria-hidden="true" /> Account settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <Form method="post" action={SIGN_OUT_ACTION}>
          <DropdownMenuItem asChild variant="destructive">
            <button type="submit" className="w-full">
              <LogOut aria-hidden="true" /> Sign out
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

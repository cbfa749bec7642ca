import { ChevronDown, LayoutDashboard, LogOut, Settings, ShieldCheck, Store } from "lucide-react";
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
  /** Owns at least one listing (any status): the menu shows "My businesses". */
  ownsListings?: boolean;
  /** Unread, unarchived messages to the user's listings (the badge on "My businesses"). */
  unreadMessages?: number;
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

/** "My businesses" is for owners of a listing and business accounts. */
function showsBusinesses(user: NavUser) {
  return !!user.ownsListings || user.type === "business";
}

/** The unread count after "My businesses" (hidden at 0); its words are for screen readers too. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <span
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-5 font-bold text-primary-foreground"
      data-testid="unread-messages-badge"
    >
      {shown}
      <span className="sr-only">{` unread ${count === 1 ? "message" : "messages"}`}</span>
    </span>
  );
}

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
        {showsBusinesses(user) ? (
          <Link
            to="/portal#my-listings"
            className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted"
          >
            <Store aria-hidden="true" className="size-4 text-muted-foreground" /> My businesses
            <UnreadBadge count={user.unreadMessages ?? 0} />
          </Link>
        ) : null}
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
        {showsBusinesses(user) ? (
          <DropdownMenuItem asChild>
            <Link to="/portal#my-listings">
              <Store aria-hidden="true" /> My businesses
              <UnreadBadge count={user.unreadMessages ?? 0} />
            </Link>
          </DropdownMenuItem>
        ) : null}
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

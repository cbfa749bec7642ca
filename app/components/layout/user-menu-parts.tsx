import { ChevronDown, LayoutDashboard, Settings, ShieldCheck, Store, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * The signed-in user's menu in the top navigation (name, Dashboard → /portal,
 * Sign out). Owned by the accounts feature; the header renders it when the
 * root loader has a user. user-menu-panel.tsx lays the same links out flat, for
 * the small-screen menu.
 */
export interface NavUser {
  id: string;
  name: string;
  email: string;
  /** The avatar's letters, from the name (or the address), worked out on the server (features/auth/root.server.ts). */
  initials: string;
  isAdmin: boolean;
  type?: "customer" | "business";
  /** Owns at least one listing (any status): the menu shows "My businesses". */
  ownsListings?: boolean;
  /** Unread, unarchived messages to the user's listings (the badge on "My businesses"). */
  unreadMessages?: number;
  /** The account's address is verified (false: owner emails wait, and the banner asks to verify). */
  emailVerified?: boolean;
  /** Show the "Please verify your email address" banner: unverified and not dismissed this visit (issue 40). */
  verifyReminder?: boolean;
}

export function Avatar({ user, className }: { user: NavUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-7 shrink-0 place-items-center rounded-full bg-primary text-[11px] font-bold tracking-wide text-primary-foreground",
        className,
      )}
    >
      {user.initials}
    </span>
  );
}

export const SIGN_OUT_ACTION = "/auth/sign-out";

/** The name and address at the top of the account menu, in the dropdown and in the small-screen menu alike. */
export function AccountHeading({ user, className }: { user: NavUser; className?: string }) {
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <Avatar user={user} className="size-9 text-xs" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{user.name || user.email}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}

/** The account's links, in order (Sign out, a form, follows them): one list for the dropdown and the small-screen menu. */
export function accountLinks(user: NavUser): { to: string; label: string; icon: LucideIcon; unread?: number }[] {
  return [
    { to: "/portal", label: "Dashboard", icon: LayoutDashboard },
    ...(showsBusinesses(user)
      ? [{ to: "/portal#my-listings", label: "My businesses", icon: Store, unread: user.unreadMessages ?? 0 }]
      : []),
    ...(user.isAdmin ? [{ to: "/admin", label: "Admin", icon: ShieldCheck }] : []),
    { to: "/account/settings", label: "Account settings", icon: Settings },
  ];
}

/** "My businesses" is for owners of a listing and business accounts. */
export function showsBusinesses(user: NavUser) {
  return !!user.ownsListings || user.type === "business";
}

/** The unread count after "My businesses" (hidden at 0); its words are for screen readers too. */
export function UnreadBadge({ count }: { count: number }) {
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

/** The account menu's trigger button: the same in the stand-in and in the loaded menu (user-menu-dropdown.tsx). */
export function userMenuTriggerProps(name: string) {
  return {
    variant: "outline",
    size: "sm",
    className: "group max-w-52 gap-2 rounded-full pr-2.5 pl-1",
    "aria-label": `Account menu for ${name}`,
  } as const;
}

export function UserMenuTriggerContent({ user, name }: { user: NavUser; name: string }) {
  return (
    <>
      <Avatar user={user} />
      <span className="truncate">{name}</span>
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
      />
    </>
  );
}

import { LayoutDashboard, LogOut, Settings, ShieldCheck, Store } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar, showsBusinesses, SIGN_OUT_ACTION, UnreadBadge, type NavUser } from "./user-menu-parts";

/** The account's links in the small-screen menu (the header's own is the UserMenu dropdown). */
export function UserMenuPanel({ user }: { user: NavUser }) {
  const name = user.name || user.email;
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-2">
      <div className="flex items-center gap-3 px-2 py-1.5">
        <Avatar user={user} className="size-9 text-xs" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <Link to="/portal" className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted">
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
        <Link to="/admin" className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted">
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

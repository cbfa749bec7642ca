import { LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { AccountHeading, accountLinks, SIGN_OUT_ACTION, UnreadBadge, type NavUser } from "./user-menu-parts";

/** The account's links in the small-screen menu (the header's own is the UserMenu dropdown). */
export function UserMenuPanel({ user }: { user: NavUser }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-2">
      <AccountHeading user={user} className="px-2 py-1.5" />
      {accountLinks(user).map(({ to, label, icon: Icon, unread }) => (
        <Link
          key={to}
          to={to}
          className="flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium hover:bg-muted"
        >
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" /> {label}
          {unread !== undefined ? <UnreadBadge count={unread} /> : null}
        </Link>
      ))}
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

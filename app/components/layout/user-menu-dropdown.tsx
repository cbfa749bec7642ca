import { LayoutDashboard, LogOut, Settings, ShieldCheck, Store } from "lucide-react";
import { useRef } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useMenuHandoff, type MenuHandoff } from "./deferred-menu";
import {
  Avatar,
  showsBusinesses,
  SIGN_OUT_ACTION,
  UnreadBadge,
  UserMenuTriggerContent,
  userMenuTriggerProps,
  type NavUser,
} from "./user-menu-parts";

/** The signed-in user's menu with Radix: loaded on first use by <UserMenu> (user-menu.tsx). */
export function UserDropdown({ user, handoff }: { user: NavUser; handoff: MenuHandoff | null }) {
  const name = user.name || user.email;
  const triggerRef = useRef<HTMLButtonElement>(null);
  useMenuHandoff(triggerRef, handoff);
  return (
    <DropdownMenu modal={false} defaultOpen={handoff?.open}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} {...userMenuTriggerProps(name)}>
          <UserMenuTriggerContent user={user} name={name} />
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

import { LogOut } from "lucide-react";
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
  AccountHeading,
  accountLinks,
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
        <AccountHeading user={user} className="px-2.5 py-2" />
        <DropdownMenuSeparator />
        {accountLinks(user).map(({ to, label, icon: Icon, unread }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" /> {label}
              {unread !== undefined ? <UnreadBadge count={unread} /> : null}
            </Link>
          </DropdownMenuItem>
        ))}
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

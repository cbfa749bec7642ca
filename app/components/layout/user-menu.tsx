import { Button } from "~/components/ui/button";
import { DeferredMenu, type StandInTriggerProps } from "./deferred-menu";
import { UserMenuTriggerContent, userMenuTriggerProps, type NavUser } from "./user-menu-parts";

const loadUserDropdown = () => import("./user-menu-dropdown").then((m) => m.UserDropdown);

function UserTrigger({ user, ...props }: StandInTriggerProps & { user: NavUser }) {
  const name = user.name || user.email;
  return (
    <Button {...userMenuTriggerProps(name)} {...props}>
      <UserMenuTriggerContent user={user} name={name} />
    </Button>
  );
}

/** The header's account menu (the small-screen menu shows user-menu-panel.tsx instead). */
export function UserMenu({ user }: { user: NavUser }) {
  return <DeferredMenu load={loadUserDropdown} props={{ user }} trigger={UserTrigger} eager />;
}

import { ChevronDown } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { deferredComponent } from "~/lib/deferred-component";
import { cn } from "~/lib/utils";
import { DeferredMenu, type StandInTriggerProps } from "./deferred-menu";
import { Logo } from "./logo";
import { MAIN_NAV } from "./nav-items";
import { useRootData } from "./root-data";
import { UserMenu } from "./user-menu";

const navLinkClasses = (active: boolean) =>
  cn(
    "relative inline-flex h-9 items-center rounded-full px-3.5 text-sm font-medium transition-colors",
    active ? "bg-primary-soft text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

/**
 * The theme switch's and the small-screen menu's code come after the first load; a press on their buttons before
 * then is held and replayed (lib/deferred-component).
 */
const ThemeToggle = deferredComponent(() => import("./theme-toggle").then((m) => m.ThemeToggle));
const MobileMenu = deferredComponent(() => import("./mobile-menu").then((m) => m.MobileMenu));

const loadCategoriesDropdown = () => import("./categories-dropdown").then((m) => m.CategoriesDropdown);

/** The Categories stand-in trigger (exported for the markup test). */
export function CategoriesTrigger({
  triggerClassName,
  pathname: _pathname,
  ...props
}: StandInTriggerProps & { pathname: string; triggerClassName: string }) {
  return (
    <button {...props} className={triggerClassName}>
      Categories
      <ChevronDown
        aria-hidden="true"
        className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
      />
    </button>
  );
}

/** The Categories menu: its trigger is rendered here, the menu itself loads on first use (deferred-menu.tsx). */
function CategoriesMenu() {
  const { pathname } = useLocation();
  const active = pathname.startsWith("/categories/");
  const triggerClassName = cn(
    navLinkClasses(active),
    "group cursor-pointer gap-1 data-[state=open]:bg-muted data-[state=open]:text-foreground",
  );
  return (
    <DeferredMenu load={loadCategoriesDropdown} props={{ pathname, triggerClassName }} trigger={CategoriesTrigger} />
  );
}

/** Sticky top navigation of the shared layout. */
export function SiteHeader() {
  const { user } = useRootData();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo className="mr-4 shrink-0" />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {MAIN_NAV.map(({ label, to }) => (
              <li key={to}>
                <NavLink to={to} end={to === "/"} className={({ isActive }) => navLinkClasses(isActive)}>
                  {label}
                </NavLink>
              </li>
            ))}
            <li>
              <CategoriesMenu />
            </li>
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle.Component />
          <div className="hidden items-center gap-2 lg:flex">
            <Button asChild variant="outline" size="sm" className="rounded-full">
              <Link to="/pricing">List Your Business</Link>
            </Button>
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Button asChild size="sm" className="rounded-full px-4">
                <Link to="/auth">Sign In</Link>
              </Button>
            )}
          </div>
          <MobileMenu.Component user={user ?? null} className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}

import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { ALL_CATEGORIES_NAV, CATEGORY_NAV, MAIN_NAV } from "./nav-items";
import { UserMenuPanel } from "./user-menu-panel";
import type { NavUser } from "./user-menu-parts";

const PANEL_ID = "mobile-menu";

/**
 * The small-screen navigation (below lg: the full bar needs ~850 px): a disclosure button and a panel with the
 * same links and actions as the desktop bar. Closes on navigation, on Escape
 * (returning focus to the button) and on a tap outside.
 */
export function MobileMenu({ user }: { user: NavUser | null }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Any navigation (a link here, back/forward, a redirect) closes the menu.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    // A tap outside the button and panel (on the dimmed page) closes it too.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) {
        event.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="lg:hidden">
      {/* The header's backdrop-filter makes it the containing block, so the dimmer is sized explicitly. */}
      {open ? (
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-16 z-30 h-dvh animate-pop-in bg-black/30 dark:bg-black/50"
        />
      ) : null}
      <div ref={containerRef}>
        <Button
          ref={buttonRef}
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </Button>

        <nav
          id={PANEL_ID}
          aria-label="Mobile"
          hidden={!open}
          className="absolute inset-x-0 top-16 z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background shadow-lift animate-slide-down"
        >
          <div className="mx-auto max-w-6xl px-4 pt-3 pb-5 sm:px-6">
            <ul className="grid gap-0.5">
              {MAIN_NAV.map(({ label, to }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === "/"}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        "flex h-11 items-center rounded-lg px-3 text-base font-medium transition-colors",
                        isActive ? "bg-primary-soft text-accent-foreground" : "text-foreground hover:bg-muted",
                      )
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>

            <p
              id="mobile-categories"
              className="mt-4 mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
            >
              Categories
            </p>
            <ul aria-labelledby="mobile-categories" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {CATEGORY_NAV.map(({ label, to, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        "flex h-12 items-center gap-2.5 rounded-xl border px-3 text-sm font-medium transition-colors",
                        isActive
                          ? "border-primary/40 bg-primary-soft text-accent-foreground"
                          : "bg-card hover:bg-muted",
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-[18px] text-primary" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="mt-3 px-3">
              <Link
                to={ALL_CATEGORIES_NAV.to}
                onClick={close}
                className="text-sm font-semibold text-primary hover:underline"
              >
                {ALL_CATEGORIES_NAV.label}
              </Link>
            </p>

            <div className="mt-5 grid gap-2 border-t pt-4 sm:grid-cols-2">
              <Button asChild variant="outline" size="lg" className="text-sm">
                <Link to="/pricing" onClick={close}>
                  List Your Business
                </Link>
              </Button>
              {user ? (
                <UserMenuPanel user={user} />
              ) : (
                <Button asChild size="lg" className="text-sm">
                  <Link to="/auth" onClick={close}>
                    Sign In
                  </Link>
                </Button>
              )}
            </div>
          </div>
        </nav>
      </div>
    </div>
  );
}

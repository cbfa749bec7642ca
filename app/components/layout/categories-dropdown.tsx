import { ChevronDown } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useMenuHandoff, type MenuHandoff } from "./deferred-menu";
import { ALL_CATEGORIES_NAV, CATEGORY_NAV, MORE_CATEGORY_NAV } from "./nav-items";

/** The header's Categories menu with Radix: loaded on first use by <CategoriesMenu> (site-header.tsx). */
export function CategoriesDropdown({
  pathname,
  triggerClassName,
  handoff,
}: {
  pathname: string;
  triggerClassName: string;
  handoff: MenuHandoff | null;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useMenuHandoff(triggerRef, handoff);
  return (
    <DropdownMenu modal={false} defaultOpen={handoff?.open}>
      <DropdownMenuTrigger ref={triggerRef} className={triggerClassName}>
        Categories
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-h-[min(80vh,44rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto"
      >
        {CATEGORY_NAV.map(({ label, to, blurb, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild className="items-start py-2.5">
            <Link to={to} aria-current={pathname === to ? "page" : undefined}>
              <span
                aria-hidden="true"
                className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-primary-soft text-accent-foreground"
              >
                <Icon className="size-[18px]" />
              </span>
              <span className="grid gap-0.5">
                <span className="font-semibold text-foreground">{label}</span>
                <span className="text-xs text-muted-foreground">{blurb}</span>
              </span>
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <div className="grid grid-cols-2 gap-x-1">
          {MORE_CATEGORY_NAV.map(({ label, to }) => (
            <DropdownMenuItem key={to} asChild className="py-1.5 text-sm">
              <Link to={to} aria-current={pathname === to ? "page" : undefined}>
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="py-2 font-semibold text-primary">
          <Link to={ALL_CATEGORIES_NAV.to} aria-current={pathname === ALL_CATEGORIES_NAV.to ? "page" : undefined}>
            {ALL_CATEGORIES_NAV.label}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

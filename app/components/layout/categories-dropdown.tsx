import { ChevronDown } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useMenuHandoff, type MenuHandoff } from "./deferred-menu";
import { CATEGORY_NAV } from "./nav-items";

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
      <DropdownMenuContent align="start" className="w-72">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

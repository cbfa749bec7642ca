import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A styled native <select>: works without JavaScript inside GET forms, and the
 * platform picker is the most usable one on phones.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)} data-slot="native-select-wrapper">
      <select
        data-slot="native-select"
        className="h-10 w-full cursor-pointer appearance-none rounded-lg border border-input bg-card py-2 pr-9 pl-3 text-sm text-foreground shadow-xs transition-[border-color,box-shadow] focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

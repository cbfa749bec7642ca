import { Moon, Sun } from "lucide-react";
import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export const THEME_STORAGE_KEY = "theme";
export type Theme = "light" | "dark";

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  // Switch without animating every colour transition on the page.
  root.classList.add("theme-switching");
  root.classList.toggle("dark", theme === "dark");
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-switching")));
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Light/dark switch. Until the visitor chooses, the system's scheme (prefers-color-scheme) decides. The current theme is the `dark` class that root.tsx's
 * inline script sets before paint, so the server markup never depends on it:
 * CSS shows the right icon and label, and there is nothing to mismatch on hydration.
 */
export function ThemeToggle({ className }: { className?: string }) {
  // Follow changes made in other tabs, and the system's scheme while the visitor hasn't chosen (root.tsx's script
  // starts from it).
  useEffect(() => {
    const system = window.matchMedia("(prefers-color-scheme: dark)");
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      applyTheme(event.newValue ? (event.newValue === "dark" ? "dark" : "light") : system.matches ? "dark" : "light");
    };
    const onSystem = () => {
      if (storedTheme() === null) applyTheme(system.matches ? "dark" : "light");
    };
    window.addEventListener("storage", onStorage);
    system.addEventListener("change", onSystem);
    return () => {
      window.removeEventListener("storage", onStorage);
      system.removeEventListener("change", onSystem);
    };
  }, []);

  function toggle() {
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode, blocked): the switch still works for this page.
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      data-testid="theme-toggle"
      className={cn("rounded-full text-muted-foreground hover:text-foreground", className)}
    >
      <span className="contents dark:hidden">
        <Moon aria-hidden="true" className="size-[18px]" />
        <span className="sr-only">Switch to dark theme</span>
      </span>
      <span className="hidden dark:contents">
        <Sun aria-hidden="true" className="size-[18px]" />
        <span className="sr-only">Switch to light theme</span>
      </span>
    </Button>
  );
}

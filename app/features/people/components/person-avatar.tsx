import { avatarTone } from "~/features/reviews/components/format";
import { cn } from "~/lib/utils";

/** A person's avatar: their initials on a steady colour (no uploaded pictures yet). Decorative: the name is beside it. */
export function PersonAvatar({ name, initials, className }: { name: string; initials: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid shrink-0 place-items-center rounded-full font-extrabold tracking-tight select-none",
        avatarTone(name),
        className,
      )}
      data-testid="person-avatar"
    >
      {initials}
    </span>
  );
}

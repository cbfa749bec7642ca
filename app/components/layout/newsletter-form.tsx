import { Send } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";

/**
 * The footer's Newsletter block. The spec shows no submit behaviour and there
 * is no newsletter service yet, so submitting stores nothing and says so.
 */
export function NewsletterForm() {
  const inputId = useId();
  const hintId = useId();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    toast({
      title: "Thanks for your interest!",
      description: `Our newsletter hasn't launched yet, so ${email} wasn't added to a list. Check back soon.`,
    });
    form.reset();
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-3" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="text-sm font-semibold text-foreground">
        Newsletter
      </h2>
      <p id={hintId} className="text-sm text-muted-foreground">
        New places, local events and hidden gems, once a month.
      </p>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          aria-describedby={hintId}
          className="h-10 flex-1 bg-background"
        />
        <Button type="submit" className="h-10">
          <Send aria-hidden="true" className="max-sm:hidden" />
          Subscribe
        </Button>
      </div>
    </form>
  );
}

import { Loader2, Send } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { LIMITS } from "~/lib/catalogue-basics";

/** What POST /newsletter answers (app/routes/newsletter.server.ts). */
type SubscribeAnswer = { ok: boolean; message: string; email?: string };

/**
 * The footer's Newsletter block: Subscribe posts to /newsletter, which stores
 * the address as pending and emails a confirmation link (double opt-in). With
 * JavaScript the answer is a notification; without it, the /newsletter page.
 */
export function NewsletterForm() {
  const inputId = useId();
  const hintId = useId();
  const fetcher = useFetcher<SubscribeAnswer>({ key: "newsletter" });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  // One notification per answer; the toast reaches outside React, so it lives in an effect.
  const shown = useRef<SubscribeAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) {
      toast({
        title: "Check your inbox",
        description: `We sent a confirmation link to ${answer.email}. Click it to start your subscription.`,
      });
      formRef.current?.reset();
    } else toast({ title: "Not subscribed", description: answer.message, variant: "destructive" });
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      className="grid gap-3"
      aria-labelledby={`${inputId}-heading`}
    >
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
          maxLength={LIMITS.email}
          autoComplete="email"
          placeholder="Enter your email"
          aria-describedby={hintId}
          className="h-10 min-w-0 flex-1 bg-background"
        />
        <Button type="submit" className="h-10" disabled={busy}>
          {busy ? (
            <Loader2 aria-hidden="true" className="animate-spin max-sm:hidden" />
          ) : (
            <Send aria-hidden="true" className="max-sm:hidden" />
          )}
          Subscribe
        </Button>
      </div>
    </fetcher.Form>
  );
}

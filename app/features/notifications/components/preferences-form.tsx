import { CircleCheck, Loader2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { KIND_LABELS, type NotificationPreferences } from "../types";

export const PREFERENCES_INTENT = "notification-preferences" as const;

const ROWS = [
  {
    name: "emailMessages",
    label: KIND_LABELS.message.setting,
    hint: "When someone uses Send Message on one of your listings.",
  },
  { name: "emailReviews", label: KIND_LABELS.review.setting, hint: "When one of your listings gets a new review." },
] as const;

/** Owner email settings on /account/settings (plain checkboxes: works without JavaScript). */
export function NotificationPreferencesForm({
  preferences,
  saved,
}: {
  preferences: NotificationPreferences;
  saved: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === PREFERENCES_INTENT;
  return (
    <Form method="post" className="grid gap-4" preventScrollReset>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Email notifications</legend>
        {ROWS.map((row) => (
          <div key={row.name} className="flex items-start gap-3 rounded-xl border p-4">
            <input
              id={`pref-${row.name}`}
              type="checkbox"
              name={row.name}
              value="on"
              defaultChecked={preferences[row.name]}
              aria-describedby={`pref-${row.name}-hint`}
              className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-primary"
            />
            <div className="grid gap-0.5 text-sm">
              <label htmlFor={`pref-${row.name}`} className="cursor-pointer font-medium">
                {row.label}
              </label>
              <p id={`pref-${row.name}-hint`} className="text-muted-foreground">
                {row.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value={PREFERENCES_INTENT} disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save email settings
        </Button>
        <p role="status" className="flex items-center gap-1.5 text-sm text-success">
          {saved && !busy ? (
            <>
              <CircleCheck aria-hidden="true" className="size-4" /> Email settings saved.
            </>
          ) : null}
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        At most one email per listing per hour for each kind; the rest wait on your dashboard.
      </p>
    </Form>
  );
}

import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { CircleCheck, ExternalLink, Loader2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldMessage } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { FormResult } from "~/lib/form-reply";
import { displayName, NAME_DISPLAY_LABELS, personHref, type NameDisplay } from "../names";
import { PROFILE_INTENT } from "../constants";

export interface ProfileSettingsView {
  handle: string;
  nameDisplay: NameDisplay;
  city: string | null;
  showRsvps: boolean;
}

const CHOICES: NameDisplay[] = ["first_initial", "first", "full"];

/**
 * "Public profile" on /account/settings (issue 41): how the name shows, the city, and whether upcoming RSVPs show.
 * A plain form post: works without JavaScript.
 */
export function ProfileSettingsForm({
  profile,
  accountName,
  lastResult,
  saved,
}: {
  profile: ProfileSettingsView;
  accountName: string;
  lastResult: FormResult | null;
  saved: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === PROFILE_INTENT;
  const [form, fields] = useForm({
    id: "profile-settings",
    lastResult,
    defaultValue: { nameDisplay: profile.nameDisplay, city: profile.city ?? "" },
    // Checked by the server (profileSettingsSchema): two optional fields, nothing worth the schema's bytes here.
  });
  const formError = form.errors?.[0];
  return (
    <Form method="post" preventScrollReset className="grid gap-5" {...getFormProps(form)}>
      <p className="text-sm text-muted-foreground">
        Your profile is public at{" "}
        <Link
          to={personHref(profile.handle)}
          className="inline-flex items-center gap-1 font-semibold break-all text-primary hover:underline"
          data-testid="profile-link"
        >
          /people/{profile.handle}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </Link>
        : your name as chosen below, your city, when you joined and your reviews. Never your email or saved businesses.
      </p>
      <fieldset className="grid gap-2" aria-describedby={fields.nameDisplay.errorId}>
        <legend className="mb-1 text-sm font-medium">Show my name as</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {CHOICES.map((choice) => (
            <div
              key={choice}
              className="relative flex items-start gap-3 rounded-xl border p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft/40"
            >
              <input
                id={`profile-name-${choice}`}
                type="radio"
                name={fields.nameDisplay.name}
                value={choice}
                defaultChecked={profile.nameDisplay === choice}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
              />
              {/* The whole card picks the choice: the label stretches over it. */}
              <label
                htmlFor={`profile-name-${choice}`}
                className="grid cursor-pointer gap-0.5 after:absolute after:inset-0"
              >
                <span className="font-medium break-words">{displayName(accountName, choice)}</span>
                <span className="text-xs text-muted-foreground">{NAME_DISPLAY_LABELS[choice]}</span>
              </label>
            </div>
          ))}
        </div>
        <FieldMessage id={fields.nameDisplay.errorId} errors={fields.nameDisplay.errors} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={fields.city.id}>
          City <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          {...getInputProps(fields.city, { type: "text" })}
          key={fields.city.key}
          autoComplete="address-level2"
          placeholder="e.g. Springfield"
          maxLength={80}
          className="sm:max-w-sm"
        />
        <FieldMessage id={fields.city.errorId} errors={fields.city.errors} />
      </div>
      <div className="flex items-start gap-3 rounded-xl border p-4">
        <input
          id="profile-show-rsvps"
          type="checkbox"
          name="showRsvps"
          value="on"
          defaultChecked={profile.showRsvps}
          aria-describedby="profile-show-rsvps-hint"
          className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-primary"
        />
        <div className="grid gap-0.5 text-sm">
          <label htmlFor="profile-show-rsvps" className="cursor-pointer font-medium">
            Show my RSVPs on my profile
          </label>
          <p id="profile-show-rsvps-hint" className="text-muted-foreground">
            The upcoming events you're going to. Off by default.
          </p>
        </div>
      </div>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value={PROFILE_INTENT} disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Save profile
        </Button>
        <p role="status" className="flex items-center gap-1.5 text-sm text-success">
          {saved && !busy ? (
            <>
              <CircleCheck aria-hidden="true" className="size-4" /> Profile saved.
            </>
          ) : null}
        </p>
      </div>
    </Form>
  );
}

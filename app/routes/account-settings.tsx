import {
  BadgeCheck,
  Bell,
  Database,
  KeyRound,
  Loader2,
  MailWarning,
  ShieldCheck,
  Store,
  UserRound,
  UsersRound,
} from "lucide-react";
import { deferredComponent } from "~/lib/deferred-component";
import { useState } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/account-settings";
import { becomeBusinessOwner, signInMethods } from "~/features/auth/account.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { requireUser } from "~/features/auth/guards.server";
import { safeRedirect } from "~/features/auth/redirect";
import { startTwoFactorSetup } from "~/features/auth/two-factor-setup.server";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "~/features/auth/auth-client";
import { ChangePasswordForm } from "~/features/auth/components/change-password-form";
import { TwoFactorSettings } from "~/features/auth/components/two-factor-settings";
import { YourDataSettings } from "~/features/auth/components/your-data-settings";
import { changeEmailAction, deleteAccountAction, profileAction } from "./account-settings.server";
import { CHANGE_EMAIL_INTENT, ChangeEmailForm } from "~/features/auth/components/change-email-form";
import { NOTICES } from "~/features/auth/messages";
import { notify, notifyError } from "~/features/auth/notify";
import { ACCOUNT_TYPE_LABELS } from "~/features/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { NotificationPreferencesForm, PREFERENCES_INTENT } from "~/features/notifications/components/preferences-form";
import { getNotificationPreferences, saveNotificationPreferences } from "~/features/notifications/preferences.server";
import { ProfileSettingsForm } from "~/features/people/components/profile-settings-form";
import { getProfileSettings } from "~/features/people/queries.server";
import { PROFILE_INTENT } from "~/features/people/constants";
import { retryAfterHeaders } from "~/lib/route-headers";

/** Said to an unverified owner (issue 40, defect 6); its code only for them, after the first load. */
const HeldEmailsNotice = deferredComponent(() =>
  import("~/features/notifications/components/held-emails-notice").then((m) => m.HeldEmailsNotice),
);

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Account Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const methods = await signInMethods(context.db, user.id);
  const notifications = await getNotificationPreferences(context.db, user.id);
  const { shownAs: _shownAs, ...profile } = await getProfileSettings(context.db, user);
  return {
    notifications,
    profile,
    account: {
      name: user.name,
      email: user.email,
      type: user.type,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      isAdmin: user.isAdmin,
    },
    ...methods,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "enable-two-factor") return startTwoFactorSetup(request, context, form);
  if (intent === "delete-account") return deleteAccountAction({ request, context }, form);
  if (intent === CHANGE_EMAIL_INTENT) return changeEmailAction({ request, context }, form);
  if (intent === PROFILE_INTENT) return profileAction({ request, context }, form);
  if (intent === PREFERENCES_INTENT) {
    await saveNotificationPreferences(context.db, user.id, {
      emailMessages: form.get("emailMessages") === "on",
      emailReviews: form.get("emailReviews") === "on",
    });
    return { intent: PREFERENCES_INTENT, ok: true as const };
  }
  if (intent === "become-business-owner") {
    await becomeBusinessOwner(context.db, user.id);
    // Sent here to switch (e.g. from a plan on /pricing): back there, now as an owner.
    return redirectWithNotice(request, safeRedirect(form.get("redirectTo"), "/account/settings"), "becameOwner");
  }
  return data({ ok: false as const, fields: {}, message: "Unknown action." }, { status: 400 });
}

/** "Become a Business Owner" (#become-owner); `?redirectTo=` is where the switch leads back to. */
function BecomeOwner() {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "become-business-owner";
  return (
    <Form
      method="post"
      id="become-owner"
      className="mt-5 flex scroll-mt-24 flex-col gap-3 rounded-xl border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Own a business?</p>
        <p className="text-muted-foreground">
          Switch to a Business Owner account to list and manage your businesses. Your reviews stay yours.
        </p>
      </div>
      <Button
        type="submit"
        name="intent"
        value="become-business-owner"
        variant="outline"
        className="shrink-0"
        disabled={busy}
      >
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Store aria-hidden="true" />}
        Become a Business Owner
      </Button>
    </Form>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof UserRound;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border bg-card p-5 shadow-card sm:p-7">
      <div className="mb-5 flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Icon className="size-5" />
        </span>
        <div className="grid gap-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={state !== "idle"}
      onClick={async () => {
        setState("sending");
        const { error } = await authClient().sendVerificationEmail({
          email,
          callbackURL: "/auth/callback?event=verified",
        });
        if (error) {
          notifyError(describeError(error).message);
          setState("idle");
          return;
        }
        notify(NOTICES.verificationSent);
        setState("sent");
      }}
    >
      {state === "sending" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {state === "sent" ? "Email sent" : "Resend verification email"}
    </Button>
  );
}

const PROVIDER_NAMES: Record<string, string> = { google: "Google", github: "GitHub" };

export default function AccountSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, hasPassword, social, notifications, profile } = loaderData;
  const emailAnswer =
    actionData && "intent" in actionData && actionData.intent === CHANGE_EMAIL_INTENT ? actionData : null;
  const preferencesSaved = Boolean(actionData && "intent" in actionData && actionData.intent === PREFERENCES_INTENT);
  const profileAnswer =
    actionData && "intent" in actionData && actionData.intent === PROFILE_INTENT ? actionData : null;
  const deleteResult =
    actionData && "intent" in actionData && actionData.intent === "delete-account" ? actionData.result : null;
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6 sm:py-14">
        <div className="grid gap-1.5">
          <h1 className="text-3xl font-extrabold tracking-tight">Account Settings</h1>
          <p className="text-muted-foreground">Your profile, password, sign-in security and your data.</p>
        </div>

        <Section icon={UserRound} title="Profile">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{ACCOUNT_TYPE_LABELS[account.type].nameLabel}</dt>
              <dd className="font-medium">{account.name}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Account type</dt>
              <dd className="flex flex-wrap gap-2">
                <Badge variant="soft">{ACCOUNT_TYPE_LABELS[account.type].label}</Badge>
                {account.isAdmin ? <Badge variant="outline">Admin</Badge> : null}
              </dd>
            </div>
            <div className="grid gap-1 sm:col-span-2">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <span className="font-medium break-all">{account.email}</span>
                {account.emailVerified ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" /> Verified
                  </Badge>
                ) : (
                  <>
                    <Badge variant="outline" className="border-warning/40 text-warning">
                      <MailWarning aria-hidden="true" /> Not verified
                    </Badge>
                    <ResendVerification email={account.email} />
                  </>
                )}
              </dd>
            </div>
            {social.length ? (
              <div className="grid gap-1 sm:col-span-2">
                <dt className="text-muted-foreground">Connected accounts</dt>
                <dd className="font-medium">{social.map((p) => PROVIDER_NAMES[p] ?? p).join(", ")}</dd>
              </div>
            ) : null}
          </dl>
          <ChangeEmailForm answer={emailAnswer} />
          {account.type === "customer" ? <BecomeOwner /> : null}
        </Section>

        <Section
          icon={UsersRound}
          title="Public Profile"
          description="What everyone sees on your reviewer profile, linked from your reviews."
        >
          <ProfileSettingsForm
            profile={profile}
            accountName={account.name}
            lastResult={profileAnswer?.result ?? null}
            saved={profileAnswer?.ok === true}
          />
        </Section>

        <Section
          icon={KeyRound}
          title="Change Password"
          description="Changing your password signs you out on your other devices."
        >
          {hasPassword ? (
            <ChangePasswordForm />
          ) : (
            <p className="text-sm text-muted-foreground">
              You sign in with {social.map((p) => PROVIDER_NAMES[p] ?? p).join(" or ") || "a social account"}. To add a
              password, use{" "}
              <a href="/auth/forgot-password" className="font-semibold text-primary hover:underline">
                Forgot password?
              </a>{" "}
              with your email.
            </p>
          )}
        </Section>

        <Section
          icon={ShieldCheck}
          title="Two-Factor Authentication"
          description="A second step at sign-in: a code from an app on your phone."
        >
          <TwoFactorSettings enabled={account.twoFactorEnabled} hasPassword={hasPassword} />
        </Section>

        {account.type === "business" || account.isAdmin ? (
          <Section
            icon={Bell}
            title="Email Notifications"
            description="Emails about your listings, sent to your account's address."
          >
            {account.emailVerified ? null : <HeldEmailsNotice.Component email={account.email} className="mb-4" />}
            <NotificationPreferencesForm preferences={notifications} saved={preferencesSaved} />
          </Section>
        ) : null}

        <Section
          icon={Database}
          title="Your Data"
          description="What the privacy policy promises: a copy of your data, and deleting your account."
        >
          <YourDataSettings email={account.email} isAdmin={account.isAdmin} lastResult={deleteResult} />
        </Section>
      </div>
    </div>
  );
}

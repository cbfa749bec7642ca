import { emailLayout as layout } from "~/.server/mail-layout";
import type { MailMessage } from "~/.server/mail";

/** Account emails: plain text first (many people read it), with a simple HTML twin. */

export function verificationEmail({
  site,
  name,
  to,
  url,
}: {
  site: string;
  name: string;
  to: string;
  url: string;
}): MailMessage {
  const subject = `Verify your email for ${site}`;
  const intro = `Hi ${name}, thanks for joining ${site}. Please confirm that this is your email address.`;
  const footer = "The link works for 24 hours. If you didn't create an account, you can ignore this email.";
  return {
    to,
    subject,
    link: url,
    text: `${intro}\n\nVerify your email:\n${url}\n\n${footer}\n`,
    html: layout(site, "Verify your email", [intro], { label: "Verify email", url }, footer),
  };
}

/** Sent to the new address when a signed-in user changes their email: the change happens only when it is clicked. */
export function changeEmailEmail({
  site,
  name,
  to,
  url,
}: {
  site: string;
  name: string;
  to: string;
  url: string;
}): MailMessage {
  const subject = `Confirm your new email address for ${site}`;
  const intro = `Hi ${name}, you asked to use this address for your ${site} account. Your account keeps its old address until you confirm.`;
  const footer = "The link works for 24 hours. If you didn't ask for this, ignore this email: nothing changes.";
  return {
    to,
    subject,
    link: url,
    text: `${intro}\n\nConfirm your new email address:\n${url}\n\n${footer}\n`,
    html: layout(site, "Confirm your new email address", [intro], { label: "Confirm new address", url }, footer),
  };
}

export function resetPasswordEmail({
  site,
  name,
  to,
  url,
}: {
  site: string;
  name: string;
  to: string;
  url: string;
}): MailMessage {
  const subject = `Reset your ${site} password`;
  const intro = `Hi ${name}, someone (hopefully you) asked to reset the password of your ${site} account.`;
  const footer =
    "The link works for one hour. If you didn't ask for it, ignore this email: your password stays the same.";
  return {
    to,
    subject,
    link: url,
    text: `${intro}\n\nChoose a new password:\n${url}\n\n${footer}\n`,
    html: layout(site, "Reset your password", [intro], { label: "Choose a new password", url }, footer),
  };
}

/** Someone tried to create an account with an email that already has one: tell its owner, not the stranger. */
export function existingAccountEmail({
  site,
  name,
  to,
  url,
}: {
  site: string;
  name: string;
  to: string;
  url: string;
}): MailMessage {
  const subject = `Someone tried to create a ${site} account with your email`;
  const intro = `Hi ${name}, someone just tried to create a new ${site} account with this email address. You already have an account, so nothing was created.`;
  const next =
    "If it was you, sign in instead — or choose “Forgot password?” on the sign-in page if you don't remember your password.";
  const footer = "If it wasn't you, you can ignore this email: your account is unchanged.";
  return {
    to,
    subject,
    link: url,
    text: `${intro}\n\n${next}\n\nSign in:\n${url}\n\n${footer}\n`,
    html: layout(site, "You already have an account", [intro, next], { label: "Sign in", url }, footer),
  };
}

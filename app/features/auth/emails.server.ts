import type { MailMessage } from "~/.server/mail";

/** Account emails: plain text first (many people read it), with a simple HTML twin. */

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function layout(
  site: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
) {
  const p = paragraphs.map((t) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`).join("");
  return `<!doctype html>
<html><body style="margin:0;background:#f6f5f2;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">${escapeHtml(site)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${p}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#57534e">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#0f766e">${escapeHtml(action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#57534e">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

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

import { escapeHtml } from "~/lib/html";

/**
 * The one look of every email we send (account emails, listing decisions):
 * a card with the site's name, a heading, paragraphs, one button and a footer.
 * Text is escaped here, so callers pass plain strings.
 */

export function emailLayout(
  site: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
  /** An optional link after the footer (e.g. a one-click unsubscribe). */
  footerLink?: { label: string; url: string },
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
<p style="margin:0;font-size:13px;color:#57534e">${escapeHtml(footer)}${footerLink ? ` <a href="${escapeHtml(footerLink.url)}" style="color:#0f766e">${escapeHtml(footerLink.label)}</a>` : ""}</p>
</td></tr></table></td></tr></table></body></html>`;
}

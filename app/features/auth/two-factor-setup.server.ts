import QRCode from "qrcode";
import { data, type AppLoadContext } from "react-router";
import { zodFields } from "~/lib/app-error";
import { confirmPasswordSchema } from "~/features/auth/schemas";
import { callAuthEndpoint } from "./internal.server";

export interface TwoFactorSetup {
  /** data: URL of an SVG QR code of the otpauth:// URI. */
  qr: string;
  /** The secret in base32, for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

/**
 * Step one of turning on TOTP: Better Auth checks the password and creates
 * the (not yet active) secret and backup codes; we draw the QR code here on
 * the server. Step two is verifying a first code from the app.
 */
export async function startTwoFactorSetup(request: Request, context: AppLoadContext, form: FormData) {
  const parsed = confirmPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success)
    return data({ ok: false as const, fields: zodFields(parsed.error), message: null }, { status: 400 });
  const result = await callAuthEndpoint(request, context, "/two-factor/enable", { password: parsed.data.password });
  const payload = result.payload ?? {};
  if (!result.ok || typeof payload.totpURI !== "string" || !Array.isArray(payload.backupCodes)) {
    const message =
      payload.code === "INVALID_PASSWORD"
        ? "That password is not correct."
        : result.status === 429
          ? "Too many attempts. Please try again in a minute."
          : typeof payload.message === "string"
            ? payload.message
            : "Could not start two-factor setup. Please try again.";
    return data({ ok: false as const, fields: {}, message }, { status: result.status >= 400 ? result.status : 400 });
  }
  const svg = await QRCode.toString(payload.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const setup: TwoFactorSetup = {
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret: new URL(payload.totpURI).searchParams.get("secret") ?? "",
    backupCodes: payload.backupCodes.map(String),
  };
  return data({ ok: true as const, setup }, { headers: { "Cache-Control": "no-store" } });
}

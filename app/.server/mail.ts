import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "./config";
import type { Logger } from "./logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (tests read it; it is never logged). */
  link?: string;
}

export interface Mailer {
  /** "smtp" sends through SMTP_URL; "outbox" writes .eml files to DATA_DIR/outbox/. */
  readonly mode: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function mailFrom(config: Pick<Config, "MAIL_FROM" | "SITE_NAME" | "publicUrl">) {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = new URL(config.publicUrl).hostname;
  // "localhost" is not a mail domain some servers accept; .invalid never resolves.
  const domain = host.includes(".") && !/^[\d.]+$/.test(host) ? host : "near.invalid";
  return `"${config.SITE_NAME.replace(/"/g, "")}" <no-reply@${domain}>`;
}

/**
 * Account emails (verification, password reset). With SMTP_URL they go out
 * through nodemailer; without it each message is saved as a real .eml file
 * under DATA_DIR/outbox/ (open it with any mail program, or read the link in
 * it), so someone running Near locally can still verify and reset. Links
 * carry sign-in tokens, so they never go to the log.
 */
export function createMailer({ config, logger }: { config: Config; logger: Logger }): Mailer {
  const from = mailFrom(config);
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: "smtp",
      async send(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        logger.info("Email sent", { to: message.to, subject: message.subject });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.promises.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(outbox, name);
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file holds the link; the log does not (its token signs someone in).
      logger.info(`Email saved to ${file} (no SMTP_URL)`, { subject: message.subject });
    },
    close: () => transport.close(),
  };
}

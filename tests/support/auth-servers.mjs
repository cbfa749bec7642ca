// Local stand-ins for the outside world of the accounts feature, started by
// the tests themselves: an SMTP server that receives the real emails, and
// OpenID Connect servers (oauth2-mock-server) standing in for Google and
// GitHub. Plain ESM so both Vitest and scripts/e2e-server.mjs can use it.
import fs from "node:fs";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { SMTPServer } from "smtp-server";

/** Decodes quoted-printable text (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The parts of a raw message a test needs: recipients, subject, decoded text and its links. */
export function parseMail(raw, envelopeTo = []) {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "";
  const text = decodeQuotedPrintable(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, "&"));
  return { to: envelopeTo.map((a) => a.toLowerCase()), subject, text, links, raw };
}

/**
 * An SMTP server on 127.0.0.1 (a free port unless given) that keeps every
 * message; with `dir`, each one is also written there as NNN.eml.
 */
export async function startMailServer({ port = 0, dir } = {}) {
  const messages = [];
  const waiters = new Set();
  let failing = false;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        if (failing) {
          // What a mail server says when it can't take the message now: the sender should retry later.
          const error = new Error("Service temporarily unavailable, try again later");
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((r) => r.address),
        );
        messages.push(mail);
        if (dir) {
          const name = `${String(messages.length).padStart(3, "0")}.eml`;
          fs.writeFileSync(path.join(dir, name), `X-Envelope-To: ${mail.to.join(", ")}\r\n${raw}`);
        }
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = server.server.address().port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    /** While on, every message is refused with a temporary error (451). */
    setFailing(on) {
      failing = on;
    },
    /** Resolves with the first message (already received or arriving) that matches. */
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No matching email within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to} "${m.subject}"`).join("; ") || "none"})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (authorize → code → token with
 * PKCE → signed id_token) whose user is `identity` — change it per test.
 */
export async function startOidcServer({ port = 0, identity }) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const state = { identity: { ...identity }, denyNext: false };
  server.service.on("beforeTokenSigning", (token) => {
    const { sub, email, name, emailVerified = true } = state.identity;
    Object.assign(token.payload, { sub, email, name, email_verified: emailVerified });
  });
  server.service.on("beforeUserinfo", (response) => {
    const { sub, email, name, emailVerified = true } = state.identity;
    response.body = { sub, email, name, email_verified: emailVerified };
  });
  server.service.on("beforeAuthorizeRedirect", ({ url }) => {
    if (!state.denyNext) return;
    state.denyNext = false;
    url.searchParams.delete("code");
    url.searchParams.set("error", "access_denied");
  });
  await server.start(port, "127.0.0.1");
  const issuer = server.issuer.url;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    setIdentity(next) {
      state.identity = { ...next };
    },
    /** The next authorization ends as if the user pressed "Cancel" (error=access_denied). */
    denyNext() {
      state.denyNext = true;
    },
    close: () => server.stop(),
  };
}

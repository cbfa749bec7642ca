import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";

export const SECRET_FILE = "auth-secret";

/**
 * The key that signs session cookies and encrypts two-factor secrets.
 * BETTER_AUTH_SECRET wins; otherwise one is generated on first start and kept
 * in DATA_DIR/auth-secret (mode 600), so restarts keep everyone signed in.
 * Several servers sharing one PostgreSQL must share BETTER_AUTH_SECRET.
 */
export function resolveAuthSecret(config: Pick<Config, "BETTER_AUTH_SECRET" | "dataDir">): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  let existing: string | undefined;
  try {
    existing = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (existing !== undefined) return checked(existing, file);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // "wx": never overwrite a secret another process wrote a moment ago.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return checked(fs.readFileSync(file, "utf8").trim(), file);
  }
}

/** The minimum BETTER_AUTH_SECRET has too (config.ts): a short key can be guessed offline from one cookie. */
export const MIN_SECRET_LENGTH = 32;

export class WeakSecretError extends Error {
  constructor(file: string, length: number) {
    super(
      `${file} holds a ${length}-character secret; at least ${MIN_SECRET_LENGTH} are needed to sign sessions safely. ` +
        "Delete the file to have a new one generated (everyone will be signed out), or set BETTER_AUTH_SECRET.",
    );
    this.name = "WeakSecretError";
  }
}

function checked(secret: string, file: string) {
  if (secret.length < MIN_SECRET_LENGTH) throw new WeakSecretError(file, secret.length);
  return secret;
}

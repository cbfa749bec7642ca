// `npm run admin -- add EMAIL | remove EMAIL | list`: manages the admins
// table (an admin is a signed-in user whose email is in it) on the configured
// database: DATABASE_URL, else the embedded PGlite in DATA_DIR — which only
// one process may open, so stop the server first when using PGlite.
import { addAdmin, listAdmins, normalizeEmail, removeAdmin } from "../app/features/auth/admins.server";
import { ConfigError, parseConfig, type Config } from "../app/.server/config";
import { openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";

const USAGE = `Usage:
  npm run admin -- add EMAIL      make EMAIL an admin
  npm run admin -- remove EMAIL   take admin rights away from EMAIL
  npm run admin -- list           show every admin`;

function exit(message: string, code = 1): never {
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exit(code);
}

const [command, email, ...rest] = process.argv.slice(2);
if (!command || command === "help" || command === "--help" || command === "-h") exit(USAGE, command ? 0 : 1);
if (!["add", "remove", "list"].includes(command)) exit(`Unknown command "${command}".\n\n${USAGE}`);
if ((command === "add" || command === "remove") && (!email || rest.length))
  exit(`"${command}" takes one email address.\n\n${USAGE}`);
if (command === "list" && email) exit(`"list" takes no arguments.\n\n${USAGE}`);
if (email) {
  try {
    normalizeEmail(email);
  } catch (error) {
    exit((error as Error).message);
  }
}

let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  exit(error instanceof ConfigError ? error.message : String(error));
}

let handle: DatabaseHandle;
try {
  handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
} catch (error) {
  if (error instanceof DataDirLockedError) exit(`${error.message}\nStop the server, then run this again.`);
  exit(`Could not open the database: ${(error as Error).message}`);
}

try {
  const db = handle.db;
  if (command === "add") {
    const added = await addAdmin(db, email!);
    const entry = (await listAdmins(db)).find((a) => a.email === normalizeEmail(email!));
    console.log(
      added ? `Added ${normalizeEmail(email!)} to the admins.` : `${normalizeEmail(email!)} is already an admin.`,
    );
    if (entry && !entry.hasAccount) {
      console.log(
        "No account with this email has verified it yet: admin rights apply once its owner verifies it and signs in.",
      );
    }
  } else if (command === "remove") {
    const removed = await removeAdmin(db, email!);
    console.log(
      removed ? `Removed ${normalizeEmail(email!)} from the admins.` : `${normalizeEmail(email!)} was not an admin.`,
    );
  } else {
    const admins = await listAdmins(db);
    if (admins.length === 0) console.log("No admins yet. Add one with: npm run admin -- add EMAIL");
    for (const a of admins) {
      const account = a.accountEmail ? `${a.name}, now ${a.accountEmail}` : a.name;
      console.log(`${a.email}${a.hasAccount ? `  (${account})` : "  (waiting for a verified sign-in)"}`);
    }
  }
} finally {
  await handle.close();
}

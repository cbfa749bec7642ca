// A stand-in for a running server (tests/unit/db-backup.test.ts): opens the embedded database in DATA_DIR, answers
// the backup signal like server/run.ts does, prints READY, and stays until stdin closes.
import { backupOnSignal } from "../../app/.server/db/backup";
import { openDatabase } from "../../app/.server/db/client";
import { createLogger } from "../../app/.server/logger";

const dataDir = process.argv[2]!;
const handle = await openDatabase({ dataDir });
await handle.db.execute("insert into backup_probe values ('written while running')" as never);
backupOnSignal(handle, dataDir, createLogger("silent"));
process.stdout.write("READY\n");
process.stdin.resume();
process.stdin.on("end", () => void handle.close().then(() => process.exit(0)));

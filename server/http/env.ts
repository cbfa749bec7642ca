import type { AppServices } from "../services";

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    services: AppServices;
    nonce: string;
    requestId: string;
  };
}

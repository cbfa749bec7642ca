import type { AppServices } from "../services";

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    services: AppServices;
    nonce: string;
    requestId: string;
    /** The client's address (the socket's peer, or per TRUST_PROXY the forwarded one); "unknown" without a socket. */
    clientIp: string;
    /** Set by the page cache on a public API read it may keep: the listings the answer showed (listing stats). */
    appearanceLog?: string[];
  };
}

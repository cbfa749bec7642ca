import proxyaddr from "proxy-addr";

/** Whether the peer at `addr`, `hop` steps from the server, is a proxy whose X-Forwarded-* headers we believe. */
export type ProxyTrust = (addr: string, hop: number) => boolean;

export const trustNothing: ProxyTrust = () => false;

/**
 * TRUST_PROXY, as Express reads `trust proxy`: unset (or `false`/`0`) trusts
 * no proxy, so X-Forwarded-For and X-Forwarded-Proto are ignored and the
 * socket's peer is the client; a number N trusts the N nearest hops (the
 * client is the Nth address from the right in X-Forwarded-For); otherwise a
 * comma-separated list of addresses, CIDR ranges and the names `loopback`,
 * `linklocal` and `uniquelocal` (proxy-addr). Throws on a malformed value.
 */
export function compileTrustProxy(value: string | undefined): ProxyTrust {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return trustNothing;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_addr, hop) => hop < hops;
  }
  return proxyaddr.compile(
    text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

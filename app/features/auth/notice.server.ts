import { redirect } from "react-router";
import { NOTICES, type Notice, type NoticeKey } from "~/features/auth/messages";

/**
 * One-shot notices that survive a redirect ("Success!" after signing in,
 * "Access Denied" after being sent home…). The cookie holds only a key from
 * NOTICES, so a forged cookie can't make us show arbitrary text. The root
 * loader reads it once and clears it; the layout shows it as a toast.
 */
const COOKIE = "near_notice";

export interface FlashNotice extends Notice {
  /** Changes with every notice, so the same notice twice still shows twice. */
  id: string;
  key: NoticeKey;
}

function isNoticeKey(value: string): value is NoticeKey {
  return Object.hasOwn(NOTICES, value);
}

function cookieAttributes(request: Request) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function noticeCookie(request: Request, key: NoticeKey) {
  return `${COOKIE}=${key}; Max-Age=60; ${cookieAttributes(request)}`;
}

export function readNotice(request: Request): { notice: FlashNotice | null; clear?: string } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)near_notice=([A-Za-z]+)/);
  if (!match) return { notice: null };
  const clear = `${COOKIE}=; Max-Age=0; ${cookieAttributes(request)}`;
  const key = match[1]!;
  if (!isNoticeKey(key)) return { notice: null, clear };
  const notice: Notice = NOTICES[key];
  return { notice: { ...notice, key, id: `${key}-${Date.now().toString(36)}` }, clear };
}

/**
 * A redirect that shows a notice on arrival. X-Remix-Revalidate makes React
 * Router re-run the root loader on a client-side navigation, which is where
 * the notice is read.
 */
export function redirectWithNotice(request: Request, to: string, key: NoticeKey, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", noticeCookie(request, key));
  headers.set("X-Remix-Revalidate", "yes");
  return redirect(to, { headers });
}

import type { Context } from "hono";
import { businessAccess } from "~/features/listings/access.server";
import { getCurrentSession, type SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/app-error";
import type { AppEnv } from "../http/env";

/**
 * The /api/v1 guards: the same session and ownership rule as the pages'
 * guards (app/features/auth/guards.server.ts), answered in API errors.
 * `const user = await requireApiUser(c)`.
 */

export async function getApiUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const { auth, database } = c.var.services;
  const { user } = await getCurrentSession(c.req.raw, { auth, db: database.db });
  return user;
}

export async function requireApiUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await getApiUser(c);
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  return user;
}

export async function requireApiAdmin(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await requireApiUser(c);
  if (!user.isAdmin) throw new AppError("forbidden", "You don't have permission to do this.");
  return user;
}

export async function requireApiBusinessOwner(c: Context<AppEnv>, businessId: string): Promise<SessionUser> {
  const user = await requireApiUser(c);
  const access = await businessAccess(c.var.services.database.db, user, businessId);
  if (access === "not_found") throw new AppError("not_found", "No business with that id.");
  if (access === "forbidden") throw new AppError("forbidden", "You can only manage your own businesses.");
  return user;
}

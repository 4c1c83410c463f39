import type { Prisma } from "~/generated/prisma/client";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { DEFAULT_ROLE, type RoleName } from "~/lib/roles";
import { displayName } from "~/lib/user";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";

/** The Usuarios tab: the user list and role changes (admins only; the routes guard that). */

export type AdminUserRow = { id: string; email: string; name: string; createdAt: Date; role: RoleName };

/** Users newest first, optionally searched by e-mail or name, one page at a time. */
export async function listAdminUsers({ q, page }: { q: string; page: number }): Promise<Page<AdminUserRow>> {
  const where: Prisma.UserWhereInput = q
    ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] }
    : {};
  const [rows, total] = await prisma.$transaction([
    prisma.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      ...pageWindow(page),
      select: { id: true, email: true, name: true, createdAt: true, role: { select: { role: true } } },
    }),
    prisma.user.count({ where }),
  ]);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: displayName(row),
      createdAt: row.createdAt,
      role: row.role?.role ?? DEFAULT_ROLE,
    })),
    total,
    page,
  );
}

export type RoleChange = "ok" | "unchanged" | "not_found" | "last_admin";

/**
 * Gives `userId` the role `role`. The default role is the absence of a row, so customer deletes
 * it. The shop never loses its last admin: demoting an admin while no other admin exists is
 * refused. The admin rows are locked first, so two admins demoting each other at the same time
 * cannot both succeed. Sessions read the role on every request: the change applies at once.
 */
export async function setUserRole(actor: Actor, userId: string, role: RoleName): Promise<RoleChange> {
  return prisma.$transaction(async (tx): Promise<RoleChange> => {
    const admins = await tx.$queryRaw<{ user_id: string }[]>`
      SELECT "user_id"::text AS "user_id" FROM "user_roles" WHERE "role" = 'admin' FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: { select: { role: true } } } });
    if (!user) return "not_found";
    const before = user.role?.role ?? DEFAULT_ROLE;
    if (before === role) return "unchanged";
    if (before === "admin" && admins.filter((a) => a.user_id !== userId).length === 0) return "last_admin";
    if (role === DEFAULT_ROLE) {
      await tx.userRole.deleteMany({ where: { userId } });
    } else {
      await tx.userRole.upsert({ where: { userId }, create: { userId, role }, update: { role } });
    }
    await recordAudit(tx, actor, { action: "role", userId, before: { role: before }, after: { role } });
    return "ok";
  });
}

// Bench accounts on PostgreSQL: staff accounts (no quotas) with sessions written straight into the
// database and tokens signed with the server's secret, since hundreds of scrypt logins would take
// minutes. A server started for a bench sets JWT_SECRET to `jwtSecret`.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';

export const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * One account per candidate on PostgreSQL, so candidates share no row (today's practice is one row
 * per user and day): staff accounts (no quotas) with sessions written straight into the database
 * and tokens signed with the server's secret, since 1,000 scrypt logins would take minutes.
 */
export async function benchAccounts(
  databaseUrl: string,
  n: number,
  /** Members of this role instead of staff (their quotas apply), e.g. 2 (普通会员). */
  opts: { roleKind?: number } = {},
): Promise<{ ids: number[]; tokens: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomUUID().slice(0, 8);
    const { rows } = await client.query<{ id: string }>(
      `insert into users (email, name, is_admin, role_kind)
       select 'bench-' || $1 || '-' || i || '@example.com', 'bench ' || i, $3::smallint is null, coalesce($3::smallint, 1)
       from generate_series(1, $2) as i returning id`,
      [tag, n, opts.roleKind ?? null],
    );
    const expires = new Date(Date.now() + 86_400_000);
    const tokens: string[] = [];
    for (const { id } of rows) {
      const sid = randomUUID();
      await client.query('insert into sessions (id, user_id, expires_at) values ($1, $2, $3)', [sid, id, expires]);
      tokens.push(
        await new SignJWT({ user_id: String(id), sid })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer('gre-prep')
          .setAudience('gre-prep-web')
          .setSubject(String(id))
          .setIssuedAt()
          .setExpirationTime(Math.floor(expires.getTime() / 1000))
          .sign(new TextEncoder().encode(jwtSecret)),
      );
    }
    return { ids: rows.map((r) => Number(r.id)), tokens };
  } finally {
    await client.end();
  }
}

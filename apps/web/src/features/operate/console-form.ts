// What the staff console's forms share (operate-route, codes, gifts, report): an error's words, the
// contract's refusal of a body in its own words, and China calendar days for date inputs.
import { ApiError } from '../../lib/api-client.ts';

/** The server's (or the network's) message for a failed call. */
export const errorText = (e: unknown) =>
  e instanceof ApiError || e instanceof Error ? e.message : '操作失败，请稍后再试';

/** The first message of the contract's refusal of `body`, or null when the server would accept it. */
export function refusal(
  schema: { safeParse: (b: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  body: unknown,
): string | null {
  const r = schema.safeParse(body);
  return r.success ? null : (r.error?.issues[0]?.message ?? '输入不正确');
}

/** Today + `days` in China as YYYY-MM-DD (a date input's default). */
export const chinaDayIn = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

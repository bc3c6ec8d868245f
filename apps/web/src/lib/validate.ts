// Field validation with the contract's schemas, so the web says exactly what the server would.

interface SafeParser {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The first message of a schema for a value, or null when the value passes. */
export function fieldError(schema: SafeParser, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? '填写不正确';
}

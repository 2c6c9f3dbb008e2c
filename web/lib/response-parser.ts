// What checks an answer's body, apart from the transport so that web/lib/schema-later.ts can name it too.

/**
 * Anything with zod's safeParse shape: a contract schema, or a light guard where pulling zod into the entry chunk
 * would cost more than it checks (the session's profile call).
 */
export interface ResponseParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

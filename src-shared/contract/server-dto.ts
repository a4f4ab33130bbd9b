/** The desktop's sign-in to its company server, as the renderer may see it (never a token). */
export type ServerStatus =
  | { signedIn: true; server: string; email: string; name: string; role: string; company: string }
  | { signedIn: false; server: string | null; email: string | null }

export interface PublishResult {
  employees: number
  teams: number
  users: number
  /** The workbook's users the server did not create (a role the publisher may not grant), and why. */
  skipped: { email: string; role: string; reason: string }[]
  /** What to tell the publisher about `skipped` (null: none skipped). */
  notice: string | null
}

/** Who a change applied to the replica is written as: a feed change's author, or this replica's user. */
export interface Author {
  userId: number | null
  at: string
  /** The feed change being applied (absent for a refusal's put-back): kept behind a waiting push. */
  feed?: { seq: number; userEmail: string | null; userName: string }
}

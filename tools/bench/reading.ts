/** One line of `npm run bench:abuse`'s table: what an attack got, against its goal. */
export interface Reading {
  attack: string
  figure: string
  goal: string
  /** Whether the goal was met; null where there is no pass or fail. */
  met: boolean | null
}

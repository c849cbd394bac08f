// The owner's health line: all is well only when nothing is lost or failing; mail given up on and
// a backup problem are problems; mail retried after an error and the bot check's would-be refusals
// ask for a look.
import { healthNotes, healthTone } from "../owner-health"

const WELL = {
  outbox: { waiting: 0, failed: 0, lastError: null, sentToday: 0 },
  backups: { lastGood: { takenAt: "2026-11-27T10:00:00.000Z", signups: 62 }, problem: null },
  botCheck: { passed: 60, refused: 0, wouldRefuse: 0, replayed: 0, missing: 0 },
}

test("nothing to say when mail goes out, backups are current and the bot check flags nothing", () => {
  expect(healthNotes(WELL)).toEqual([])
  expect(healthTone(healthNotes(WELL))).toBe("good")
})

test("waiting mail without an error is mail on its way, not a problem", () => {
  expect(healthNotes({ ...WELL, outbox: { waiting: 12, failed: 0, lastError: null, sentToday: 0 } })).toEqual([])
})

test("mail given up on and a backup problem come first, as problems", () => {
  const notes = healthNotes({
    outbox: { waiting: 3, failed: 2, lastError: "535 authentication failed", sentToday: 0 },
    backups: { lastGood: null, problem: "no backup yet" },
    botCheck: { ...WELL.botCheck, wouldRefuse: 7 },
  })
  expect(notes).toEqual([
    { kind: "mailFailed", count: 2 },
    { kind: "backup", problem: "no backup yet" },
    { kind: "mailRetrying", count: 3 },
    { kind: "botCheck", count: 7 },
  ])
  expect(healthTone(notes)).toBe("problem")
})

test("mail retried after an error or the bot check's would-be refusals ask for a look", () => {
  expect(healthTone(healthNotes({ ...WELL, outbox: { waiting: 4, failed: 0, lastError: "timeout", sentToday: 0 } }))).toBe("warn")
  expect(healthTone(healthNotes({ ...WELL, botCheck: { ...WELL.botCheck, wouldRefuse: 1 } }))).toBe("warn")
})

test("PostgreSQL's backups are the provider's: no backup note", () => {
  expect(healthNotes({ ...WELL, backups: null })).toEqual([])
})

// The list's pepper lives in a file of its own beside the embedded database (unless LIST_PEPPER
// gives it): made once, readable by the server's user only, the same for every process after.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { choosePepper, DEVELOPMENT_PEPPER, loadPepperFile, pepperBeside } from "../pepper"
import { keyedSuppression, suppressionKey } from "../suppression-key"
import { hash } from "node:crypto"

const folder = () => mkdtempSync(join(tmpdir(), "block94-pepper-"))

describe("the list's pepper", () => {
  it("is made beside the embedded database on first use, private to its owner, and read back the same after", () => {
    const database = join(folder(), "data", "signups.db")
    const pepper = choosePepper(undefined, database)
    expect(pepper).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(statSync(pepperBeside(database)).mode & 0o777).toBe(0o600)
    expect(loadPepperFile(pepperBeside(database))).toBe(pepper)
    expect(readFileSync(pepperBeside(database), "utf8").trim()).toBe(pepper)
  })

  it("is LIST_PEPPER when set, and on PostgreSQL without it the development pepper", () => {
    const database = join(folder(), "signups.db")
    expect(choosePepper("s".repeat(40), database)).toBe("s".repeat(40))
    expect(choosePepper(undefined, null)).toBe(DEVELOPMENT_PEPPER)
  })

  it("refuses a pepper file that was emptied, rather than keying with nothing", () => {
    const file = join(folder(), "list-pepper")
    writeFileSync(file, "\n")
    expect(() => loadPepperFile(file)).toThrow(/holds no pepper/)
  })
})

describe("suppression keys", () => {
  it("are keyed: another pepper, another key, and none is the plain SHA-256 anyone could compute from a guessed address", () => {
    const key = "fan@example.com"
    const plain = hash("sha256", key, "hex")
    expect(suppressionKey("a".repeat(32), key)).not.toBe(plain)
    expect(suppressionKey("a".repeat(32), key)).not.toBe(suppressionKey("b".repeat(32), key))
    // A key from before the pepper, keyed, is the new key of the same address.
    expect(keyedSuppression("a".repeat(32), plain)).toBe(suppressionKey("a".repeat(32), key))
  })
})

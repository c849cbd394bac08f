// EMAIL_PROVIDER and its settings, read when the server runs: no provider means no sync, and a
// setting the chosen provider needs but lacks stops it with a message naming the variable.
import { createEmailProvider } from "../../runtime/email-provider"
import { ProviderSettingsError, readProviderSettings } from "../provider"
import { PROVIDER_NAMES } from "../../outbox/providers/provider"
import { SAMPLE_CONTACT, startFakeApi } from "../../../../test/provider-api"

const SETTINGS = ["EMAIL_PROVIDER", "EMAIL_PROVIDER_API_KEY", "EMAIL_PROVIDER_LIST_ID", "EMAIL_PROVIDER_API_URL"]
const originalEnv = { ...process.env }
beforeEach(() => {
  for (const name of SETTINGS) delete process.env[name]
})
afterAll(() => {
  process.env = originalEnv
})

const settingError = (): unknown => {
  try {
    createEmailProvider()
  } catch (error) {
    return error
  }
  return undefined
}

const expectSettingError = (variable: string) => {
  const error = settingError()
  expect(error).toBeInstanceOf(ProviderSettingsError)
  expect((error as Error).message).toContain(variable)
}

describe("email provider settings", () => {
  it("syncs nothing when EMAIL_PROVIDER is unset or empty", () => {
    expect(createEmailProvider()).toBeNull()
    process.env.EMAIL_PROVIDER = "  "
    expect(readProviderSettings()).toBeNull()
  })

  it("names EMAIL_PROVIDER when it is not a provider we know", () => {
    process.env.EMAIL_PROVIDER = "sendgrid"
    expectSettingError("EMAIL_PROVIDER")
    expect((settingError() as Error).message).toMatch(/mailchimp, kit, brevo, loops/)
  })

  it.each(PROVIDER_NAMES)("names EMAIL_PROVIDER_API_KEY when %s has no key", (provider) => {
    process.env.EMAIL_PROVIDER = provider
    process.env.EMAIL_PROVIDER_LIST_ID = "3"
    expectSettingError("EMAIL_PROVIDER_API_KEY")
  })

  it.each(["mailchimp", "brevo"])("names EMAIL_PROVIDER_LIST_ID when %s has no list", (provider) => {
    process.env.EMAIL_PROVIDER = provider
    process.env.EMAIL_PROVIDER_API_KEY = "key-us6"
    expectSettingError("EMAIL_PROVIDER_LIST_ID")
  })

  it.each(["kit", "loops"])("lets %s run without a list (it is optional there)", (provider) => {
    process.env.EMAIL_PROVIDER = provider
    process.env.EMAIL_PROVIDER_API_KEY = "key"
    expect(createEmailProvider()?.name).toBe(provider)
  })

  it.each([
    [
      "EMAIL_PROVIDER_API_KEY",
      "a Mailchimp key lacks its data center",
      { EMAIL_PROVIDER: "mailchimp", EMAIL_PROVIDER_API_KEY: "0123456789abcdef", EMAIL_PROVIDER_LIST_ID: "a1b2c3d4e5" },
    ],
    [
      "EMAIL_PROVIDER_LIST_ID",
      "Brevo's list is not a list id",
      { EMAIL_PROVIDER: "brevo", EMAIL_PROVIDER_API_KEY: "xkeysib-abc", EMAIL_PROVIDER_LIST_ID: "Waitlist" },
    ],
    [
      "EMAIL_PROVIDER_API_URL",
      "it is not an http(s) origin",
      { EMAIL_PROVIDER: "loops", EMAIL_PROVIDER_API_KEY: "key", EMAIL_PROVIDER_API_URL: "app.loops.so" },
    ],
  ])("names %s when %s", (variable, _case, settings) => {
    Object.assign(process.env, settings)
    expectSettingError(variable)
  })

  it("reads the settings again on every call, so a changed environment takes effect", () => {
    process.env.EMAIL_PROVIDER = "Kit"
    process.env.EMAIL_PROVIDER_API_KEY = "key"
    expect(createEmailProvider()?.name).toBe("kit")
    process.env.EMAIL_PROVIDER = "loops"
    expect(createEmailProvider()?.name).toBe("loops")
    delete process.env.EMAIL_PROVIDER
    expect(createEmailProvider()).toBeNull()
  })

  it.each([
    ["mailchimp", "key-us6", "a1b2c3d4e5", "PUT /3.0/lists/a1b2c3d4e5/members/2b9150605ac374d671a306b5fcee60a0"],
    ["kit", "key", "", "POST /v4/subscribers"],
    ["brevo", "key", "3", "POST /v3/contacts"],
    ["loops", "key", "", "PUT /api/v1/contacts/update"],
  ])("sends %s's calls to EMAIL_PROVIDER_API_URL when it is set", async (provider, key, listId, call) => {
    const api = await startFakeApi()
    try {
      process.env.EMAIL_PROVIDER = provider
      process.env.EMAIL_PROVIDER_API_KEY = key
      process.env.EMAIL_PROVIDER_LIST_ID = listId
      process.env.EMAIL_PROVIDER_API_URL = `${api.url}/`
      api.answer({ status: 200, body: {} })
      await createEmailProvider()?.upsert(SAMPLE_CONTACT)
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([call])
    } finally {
      await api.close()
    }
  })
})

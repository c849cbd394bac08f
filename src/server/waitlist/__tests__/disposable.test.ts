import { isDisposableAddress } from "../disposable"

describe("isDisposableAddress", () => {
  it.each(["bot@mailinator.com", "BOT@Mailinator.COM", "x@10minutemail.com", "x@inbox.mailinator.com"])("refuses %s", async (email) => {
    await expect(isDisposableAddress(email)).resolves.toBe(true)
  })

  it.each(["sam@gmail.com", "sam@block94.example", "josé@exämple.com", "not-an-address"])("lets %s through", async (email) => {
    await expect(isDisposableAddress(email)).resolves.toBe(false)
  })
})

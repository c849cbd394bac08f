/** Waiting for the screen: so a state the visitor should see is painted before slow work starts. */

/** Resolves after the browser has painted the next frame (a task after the frame's callbacks). */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window === "undefined" || typeof window.requestAnimationFrame !== "function") {
      setTimeout(resolve, 0)
      return
    }
    window.requestAnimationFrame(() => setTimeout(resolve, 0))
  })

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

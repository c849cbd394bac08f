import { useEffect, useState, type ComponentType } from "react"
import type { Notice } from "../../lib/notice"

type ToastRuntime = typeof import("./toast-runtime")

let runtime: Promise<ToastRuntime> | null = null
const waitingViewports = new Set<() => void>()

/**
 * Starts loading the toast library (once). Forms call this when a visitor starts filling them
 * in, so the library is there before the first toast, and never downloaded by visitors who
 * only read.
 */
export const loadToasts = (): Promise<ToastRuntime> => {
  if (!runtime) {
    runtime = import("./toast-runtime")
    waitingViewports.forEach((mount) => mount())
  }
  return runtime
}

export const notifySuccess = (notice: Notice): void => {
  void loadToasts().then(({ showToast }) => showToast("success", notice))
}

export const notifyError = (notice: Notice): void => {
  void loadToasts().then(({ showToast }) => showToast("error", notice))
}

/** Renders the toast container once the library has been asked for; nothing before. */
export const Toasts = () => {
  const [Viewport, setViewport] = useState<ComponentType | null>(null)
  useEffect(() => {
    let active = true
    const mount = () => {
      void loadToasts().then(({ ToastViewport }) => {
        if (active) setViewport(() => ToastViewport)
      })
    }
    if (runtime) mount()
    else waitingViewports.add(mount)
    return () => {
      active = false
      waitingViewports.delete(mount)
    }
  }, [])
  return Viewport ? <Viewport /> : null
}

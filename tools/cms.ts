// `npm run cms`: edit the site in the browser on this computer. Starts `gatsby develop` and
// decap-server (Decap CMS's local backend, on 127.0.0.1 only) together; open
// http://localhost:8000/admin/, click Login, and every save writes the files in content/ (and
// content/images/), which the site in the other tab picks up at once. Ctrl-C stops both.
import { spawn, type ChildProcess } from "node:child_process"
import { resolve } from "node:path"

const ROOT = resolve(__dirname, "..")
/** The port the generated configuration's `local_backend` expects (decap-server's default). */
const DECAP_SERVER_PORT = "8081"

const children: ChildProcess[] = []
const start = (command: string, args: string[], env: Record<string, string> = {}): ChildProcess => {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" })
  children.push(child)
  child.on("exit", (code) => {
    // One gone means the editing session is over: stop the other too.
    for (const other of children) if (other !== child && other.exitCode === null) other.kill("SIGTERM")
    process.exitCode = code ?? 0
  })
  return child
}

start(process.execPath, [require.resolve("decap-server/dist/index.js")], {
  PORT: DECAP_SERVER_PORT,
  BIND_HOST: "127.0.0.1",
  GIT_REPO_DIRECTORY: ROOT,
  MODE: "fs",
})
start("npx", ["gatsby", "develop", "--host", "localhost", "--port", "8000"])

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal)
  })
}
console.log("Editing in the browser: http://localhost:8000/admin/ (the site: http://localhost:8000/)")

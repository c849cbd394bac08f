import type { GatsbyNode } from "gatsby"
import { join } from "node:path"
import { contentTypeDefs, writeGeneratedFiles } from "./generate"
import { formatContentReport, validateContentDir } from "./validation"

/**
 * Before anything else runs: the files generated from the content model are brought up to date,
 * and broken content stops the build with every problem listed for the editor.
 */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter, store }) => {
  const siteRoot = store.getState().program.directory
  for (const path of writeGeneratedFiles(siteRoot)) reporter.info(`content model: wrote ${path}`)
  const messages = validateContentDir(join(siteRoot, "content"))
  if (messages.length > 0) reporter.panic(formatContentReport(messages))
}

/**
 * Every content type is declared from the model, not inferred, so the GraphQL schema (and the
 * generated TypeScript types) stay the same whatever an editor writes.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs())
}

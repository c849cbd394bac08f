// `npm run schemas`: brings the files generated from the content model up to date (the JSON
// Schemas in content/schemas/ and the pinned GraphQL types). Builds and `npm run check:content`
// do the same, so this is only needed to see what a model change generates.
import { resolve } from "node:path"
import { writeGeneratedFiles } from "../../plugins/content-model/generate"

const written = writeGeneratedFiles(resolve(__dirname, "..", ".."))
console.log(written.length > 0 ? `Wrote ${written.join(", ")}` : "Every generated file is up to date.")

/** @jsxImportSource theme-ui */
import { Box, Heading, Text } from "@theme-ui/components"
import { useId } from "react"
import type { DropCommitment } from "../../drop/commitment"
import type { OwnerCopy } from "./copy"
import { machineText } from "../shared/styles"

/** The commitment as it goes into content/drops.json, under its drop (what `npm run drop:commit` writes). */
export const commitmentSnippet = (commitment: DropCommitment): string => `"commitment": ${JSON.stringify(commitment, null, 2)}`

/**
 * Shown while the store holds a drop's commitment that the built site does not carry: entries stay
 * closed until it does. What to put in content/drops.json, and how.
 */
export const PublishCommitment = ({ commitment, copy }: { commitment: DropCommitment; copy: OwnerCopy["drops"]["publish"] }) => {
  const id = useId()
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-heading`}
      data-publish-commitment=""
      sx={{ display: "grid", gap: 3, p: 3, bg: "muted", border: "2px solid", borderColor: "secondary", borderRadius: "default" }}
    >
      <Heading as="h4" id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: 2, color: "secondary" }}>
        {copy.heading}
      </Heading>
      <Text as="p">{copy.text}</Text>
      <Text as="p" id={`${id}-snippet`} sx={{ fontWeight: "bold" }}>
        {copy.snippet}
      </Text>
      <pre
        aria-labelledby={`${id}-snippet`}
        tabIndex={0}
        sx={{ ...machineText, m: 0, p: 2, bg: "background", borderRadius: "small", whiteSpace: "pre-wrap", overflowWrap: "anywhere", userSelect: "all" }}
      >
        {commitmentSnippet(commitment)}
      </pre>
    </Box>
  )
}

/** content/slides.json: the carousel's three slides. */
import { contentFile, exactlyThree, image, labelled, record, text } from "../fields"
import { type SchemaOptions } from "./shared"

export const slides = ({ imageExists }: SchemaOptions) =>
  contentFile(
    {
      slides: exactlyThree(
        record(
          {
            image: image("every slide needs an image path like images/slide.jpg", imageExists),
            caption: text("every slide needs a caption"),
            alt: labelled(text("every slide needs alt text for screen readers"), "Alt text (what the picture shows)"),
          },
          "a slide",
          { typeName: "Slide" },
        ),
        "slides",
      ),
    },
    "the carousel slides",
  )

/** @jsxImportSource theme-ui */
import type { IGatsbyImageData } from "gatsby-plugin-image"

interface PictureProps {
  /** Responsive image data from gatsby-transformer-sharp (AVIF, WebP and a JPEG fallback). */
  image: IGatsbyImageData
  alt: string
  /** The first picture on screen: load at once, with high priority. */
  priority?: boolean
  className?: string
}

/**
 * A plain <picture> from Gatsby's image data. Unlike GatsbyImage it needs no JavaScript in the
 * browser: nothing to hydrate, and the browser starts the download straight from the HTML.
 * Width and height reserve the space, so nothing shifts as it loads.
 */
export const Picture = ({ image, alt, priority = false, className }: PictureProps) => {
  const { fallback, sources = [] } = image.images
  // Lower-case attribute: React 18 does not know `fetchPriority` yet, browsers do.
  const fetchPriority = priority ? { fetchpriority: "high" } : {}
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        {...fetchPriority}
        sx={{ display: "block", width: "100%", height: "auto", bg: image.backgroundColor ?? "muted" }}
      />
    </picture>
  )
}

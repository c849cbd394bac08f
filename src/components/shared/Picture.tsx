/** @jsxImportSource theme-ui */
import type { IGatsbyImageData } from "gatsby-plugin-image"

interface PictureProps {
  /** Responsive image data from gatsby-transformer-sharp (AVIF, WebP and a JPEG fallback). */
  image: IGatsbyImageData
  alt: string
  /** Fetched with the page, first among images, rather than lazily: for a picture on the first screen. */
  eager?: boolean
  className?: string
}

/** A first-screen picture is fetched before other images (React 18 knows no `fetchPriority`; the attribute passes as written). */
const FIRST_SCREEN = { fetchpriority: "high" }

/**
 * A plain <picture> from Gatsby's image data. Unlike GatsbyImage it needs no JavaScript in the
 * browser: nothing to hydrate. Loaded lazily unless `eager`: a picture below the first screen is
 * fetched as it nears the viewport, after the first paint (until then the built page does not
 * display lazy images: plugins/post-build/first-paint-scripts.ts). The <picture> keeps the image's
 * proportions, so nothing shifts as it appears and loads.
 */
export const Picture = ({ image, alt, eager = false, className }: PictureProps) => {
  const { fallback, sources = [] } = image.images
  // The image's styles sit on the <picture>: emotion writes each element's <style> just before it,
  // and a <style> between the <source>s and the <img> makes browsers fetch the JPEG fallback too.
  // What every picture shares is in the root styles (src/theme.ts), sent with the HTML only.
  return (
    <picture className={className} sx={{ aspectRatio: `${image.width} / ${image.height}`, img: { bg: image.backgroundColor ?? "muted" } }}>
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
        loading={eager ? "eager" : "lazy"}
        {...(eager ? FIRST_SCREEN : undefined)}
        decoding="async"
      />
    </picture>
  )
}

/*
 * Runs in the editors' web UI (/admin/), after Decap CMS's bundle and before it starts.
 *
 * Decap CMS 3.16 draws an image field's thumbnail from the asset it gets on the field's first
 * render, and reads it again only when the control receives a new `getAsset` function. A picture
 * still loading from the repository at that moment stays a blank square. This wrapper hands the
 * image control a fresh `getAsset` until the picture has arrived, so editors see their slides.
 */
;(() => {
  "use strict"
  const LOADING_ASSET = "empty.svg" // the path of Decap's stand-in while a picture loads
  const RETRY_MS = 300
  const MAX_RETRIES = 100 // 30 seconds: a large repository's media listing can take a while

  const image = window.CMS.getWidget("image")
  const ImageControl = image.control

  image.control = window.createClass({
    displayName: "ImageControlThatWaitsForPictures",
    getInitialState() {
      return { round: 0 }
    },
    // Decap asks the outermost control whether to update; the image control inside still
    // decides for itself (a new value, a picture chosen in the media library).
    shouldComponentUpdate() {
      return true
    },
    componentWillUnmount() {
      clearTimeout(this.retryTimer)
    },
    askAgainSoon() {
      if (this.retryTimer || this.state.round >= MAX_RETRIES) return
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined
        this.setState((state) => ({ round: state.round + 1 }))
      }, RETRY_MS)
    },
    // One function per (Decap's getAsset, round): a new round is a new function, so the
    // thumbnail reads its picture again.
    getAssetForRound() {
      const source = this.props.getAsset
      const round = this.state.round
      if (!this.cached || this.cached.source !== source || this.cached.round !== round) {
        const getAsset = (value, field) => {
          const asset = source(value, field)
          if (asset && asset.path === LOADING_ASSET) this.askAgainSoon()
          return asset
        }
        this.cached = { source, round, getAsset }
      }
      return this.cached.getAsset
    },
    render() {
      return window.h(ImageControl, { ...this.props, getAsset: this.getAssetForRound() })
    },
  })
})()

/** Font files imported for their built URL. */
declare module "*.woff2" {
  const url: string
  export default url
}

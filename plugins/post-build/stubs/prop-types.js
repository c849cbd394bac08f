// Stands in for prop-types in the production browser build. gatsby-link and
// @gatsbyjs/reach-router declare propTypes, but Preact checks them only under preact/debug (never
// in production), so no validator is ever called: each is a function that does nothing, with the
// shape the declarations use. See ../browser-bundle.ts.
function check() {}
check.isRequired = check
function checker() {
  return check
}
var PropTypes = {
  array: check,
  bigint: check,
  bool: check,
  func: check,
  number: check,
  object: check,
  string: check,
  symbol: check,
  any: check,
  arrayOf: checker,
  element: check,
  elementType: check,
  instanceOf: checker,
  node: check,
  objectOf: checker,
  oneOf: checker,
  oneOfType: checker,
  shape: checker,
  exact: checker,
  checkPropTypes: check,
  resetWarningCache: check,
}
PropTypes.PropTypes = PropTypes
module.exports = PropTypes

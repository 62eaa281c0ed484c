/**
 * A route option's hooks as a list: Fastify takes one function or an array. Plugins that add a
 * hook to some routes only (in an onRoute hook) place theirs before or after the route's own.
 */
export const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

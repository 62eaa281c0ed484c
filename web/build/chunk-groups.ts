/**
 * Which modules share a chunk (web/vite.config.ts, output.codeSplitting): the rules that need more
 * than a regular expression live here, so the config reads as a list of groups.
 */

/** MUI's overlays (dialogs, menus, popovers, selects, tables, TextField): the `overlays` chunk. */
export const OVERLAY_MODULES =
  /[\\/]node_modules[\\/]@mui[\\/]material[\\/](Backdrop|Dialog\w*|Fade|FilledInput|Grow|Input|Menu|MenuItem|MenuList|Modal|NativeSelect|Popover|Portal|Select|Table\w*|TextField|Unstable_TrapFocus)[\\/](?!\w+Classes\.)/;

/** A member's friends, presence and newsletter state, and the user menu: the `member` chunk. */
export const MEMBER_MODULES =
  /web[\\/]src[\\/](features[\\/](friends|presence|newsletters)[\\/](api|hooks)|features[\\/]presence|app[\\/]layouts[\\/]user-menu)/;

/** What the `kit` group may take: the app's own modules and MUI's icons. */
export const KIT_CANDIDATES = /web[\\/]src[\\/]|[\\/]node_modules[\\/]@mui[\\/]icons-material[\\/]/;

/**
 * The libraries every page but the landing page loads anyway, with the shell or `common`: React,
 * the router, MUI with emotion, TanStack Query and what they are built on. One missing here errs
 * on the safe side: the modules that reach it stay out of the kit (a request more, no bytes more).
 */
const SHARED_LIBRARIES =
  /[\\/]node_modules[\\/](@babel[\\/]runtime|@emotion|@mui|@tanstack|clsx|hoist-non-react-statics|prop-types|react|react-dom|react-is|react-router|react-transition-group|scheduler|stylis)[\\/]/;

/** The landing page, whose first download stays apart from every other page's. */
const LANDING_PAGE = /web[\\/]src[\\/]app[\\/]pages[\\/]landing-page\.tsx$/;

type ModuleGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; importedIds: readonly string[] } | null;
};

/** A module a page should load only when it shows it: MUI's overlays, the member chunk, other libraries. */
const isHeavy = (id: string) =>
  OVERLAY_MODULES.test(id) ||
  MEMBER_MODULES.test(id) ||
  (/[\\/]node_modules[\\/]/.test(id) && !SHARED_LIBRARIES.test(id));

/**
 * Whether `id`, or anything it imports statically, is heavy: a chunk holding it would make every
 * page that loads the chunk download that too (the bundler puts a module's own libraries with it).
 * `known` keeps finished answers (each from a whole walk, so an import cycle cannot leave a wrong
 * one) for the next candidate.
 */
function reachesHeavy(id: string, graph: ModuleGraph, known: Map<string, boolean>): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    const answer = known.get(next);
    if (answer === true || isHeavy(next)) {
      known.set(id, true);
      return true;
    }
    if (answer === false) continue;
    stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  known.set(id, false);
  return false;
}

/**
 * The `kit` group's name function: small shared pieces (the texts, helpers, hooks, little
 * components, the movie cards, icons) in one chunk instead of a dozen of a few hundred bytes each.
 * A module stays out when the landing page imports it (its first download must stay lean) or when it
 * reaches something heavy: MUI's overlays or the member chunk (the dashboard paints without either),
 * or a library of its own (react-markdown, say), which would come along into the chunk.
 */
export function kitChunk(): (id: string, graph: ModuleGraph) => string | null {
  // Answers for one module graph: the config makes this once per `vite build`, which has one.
  const known = new Map<string, boolean>();
  return (id, graph) => {
    if (graph.getModuleInfo(id)?.importers.some((importer) => LANDING_PAGE.test(importer))) return null;
    return reachesHeavy(id, graph, known) ? null : 'kit';
  };
}

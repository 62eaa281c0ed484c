/**
 * The member's own profile, under the API's `/api` prefix (GET). The boot script asks for it and the
 * app's profile query (web/src/lib/auth/get-current-profile.ts) reads that answer as its own, so both
 * name the request from here: were they to differ, the app would take another route's answer.
 */
export const PROFILE_PATH = '/user/profile';

/** Where the boot script leaves its early profile request for the web app (web/src/lib/auth/early-profile.ts). */
export const EARLY_PROFILE_GLOBAL = '__kinodostEarlyProfile';

/**
 * Where the boot script keeps the buttons clicked on a prerendered page before React took it over
 * (web/src/lib/early-input.ts clicks them again once it has).
 */
export const EARLY_CLICKS_GLOBAL = '__kinodostEarlyClicks';

/** The boot script's early request: the answer to GET /api/user/profile, and the token it was sent with. */
export interface EarlyProfileRequest {
  token: string;
  response: Promise<Response>;
}

/**
 * The one inline script of web/index.html: it runs before the first paint and marks a stored dark
 * theme (key darkMode, docs/product.md#theme-and-storage) on <html>, so the loading screen and the page background
 * are dark from the first frame instead of flashing white; and a stored token (`data-member`), for
 * which, as for the dark theme, a prerendered page (a visitor's, light) stays hidden.
 * With a token it also asks for the member's profile at once, the request every member page starts
 * with: it then travels while the scripts download, instead of after they have all run, and the app
 * takes its answer (EARLY_PROFILE_GLOBAL) for its first profile query. Its rejection is marked handled
 * here, so a failed request reaches the console only through the app, as any other API failure.
 * On a prerendered page (`#root[data-prerendered]`, until main.tsx hydrates it) a button does
 * nothing until the scripts have arrived, long after it shows on a slow phone: a click on one is kept
 * (EARLY_CLICKS_GLOBAL) and made again once React has taken the page over, so the theme switch, the
 * menu and a form's submit button (Enter in a field clicks it too) answer late rather than never,
 * and the browser never sends the form itself. Links need no help: they work without scripts.
 * The web build writes it into index.html (web/vite.config.ts) and the server's Content-Security-Policy
 * allows exactly this text by its SHA-256 (server/src/plugins/security-headers.ts): change it here only.
 */
export const BOOT_SCRIPT =
  // In a function, so that its variables do not become the page's globals.
  `(function(){var q=window.${EARLY_CLICKS_GLOBAL}=[];document.addEventListener('click',function(e){` +
  "var b=e.target.closest&&e.target.closest('#root[data-prerendered] button');if(b){e.preventDefault();q.push(b)}},true);" +
  "try{var s=localStorage,d=document.documentElement.dataset,t=s.getItem('token');if(s.getItem('darkMode')==='true')d.theme='dark';" +
  `if(t){d.member='';var r=fetch('/api${PROFILE_PATH}',{headers:{Accept:'application/json',Authorization:'Bearer '+t},credentials:'same-origin'});` +
  `r.catch(function(){});window.${EARLY_PROFILE_GLOBAL}={token:t,response:r}}}catch(e){}})()`;

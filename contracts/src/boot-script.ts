/**
 * The one inline script of web/index.html: it runs before the first paint and marks a stored dark
 * theme (SPEC.md section 9, key darkMode) on <html>, so the loading screen and the page background
 * are dark from the first frame instead of flashing white; and a stored token (`data-member`), for
 * which, as for the dark theme, the prerendered landing page (a visitor's, light) stays hidden. The
 * web build writes it into index.html (web/vite.config.ts) and the server's Content-Security-Policy
 * allows exactly this text by its SHA-256 (server/src/plugins/security-headers.ts): change it here only.
 */
export const BOOT_SCRIPT =
  "try{var s=localStorage,d=document.documentElement.dataset;if(s.getItem('darkMode')==='true')d.theme='dark';if(s.getItem('token'))d.member=''}catch(e){}";

/**
 * The one inline script of web/index.html: it runs before the first paint and marks a stored dark
 * theme (SPEC.md section 9, key darkMode) on <html>, so the loading screen and the page background
 * are dark from the first frame instead of flashing white. The web build writes it into index.html
 * (web/vite.config.ts) and the server's Content-Security-Policy allows exactly this text by its
 * SHA-256 (server/src/plugins/security-headers.ts): change it here only.
 */
export const BOOT_SCRIPT =
  "try{if(localStorage.getItem('darkMode')==='true')document.documentElement.dataset.theme='dark'}catch(e){}";

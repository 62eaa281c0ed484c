/**
 * Debian's Chromium instead of a downloaded browser (downloads are not possible on the build
 * machines); --no-sandbox because the suite runs as root; the rest keeps it from phoning home.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A name for the run's server that is not loopback, as a LAN name or address is for a phone:
 * Chromium treats 127.0.0.1 and localhost as secure and never upgrades their requests to https,
 * so only such a name shows what a browser on another machine gets (docs/reliability.md).
 */
export const LAN_HOST = 'kinodost.lan';

/**
 * Debian's Chromium instead of a downloaded browser (downloads are not possible on the build
 * machines); --no-sandbox because the suite runs as root; the rest keeps it from phoning home.
 * LAN_HOST resolves to the run's server, here on the one launch every journey shares.
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
    `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
  ],
};

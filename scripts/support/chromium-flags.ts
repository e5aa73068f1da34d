/**
 * How the browser tests and the web benchmark start Debian's Chromium. Without these it tries the network at every
 * start and fails slowly (seen on the project's build machines); no sandbox, as root in a container.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

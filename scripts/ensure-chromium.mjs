// The browser tests need Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when we can (root with apt-get); otherwise stops with instructions. Never skips silently.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const hasApt = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (hasApt && isRoot) {
  console.log(`Chromium is missing at ${chromium}; installing Debian's chromium package...`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (existsSync(chromium)) process.exit(0);
}
console.error(
  `The browser tests need Chromium at ${chromium}, and it is not installed.\n` +
    'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
);
process.exit(1);

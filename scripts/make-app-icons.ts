// Draws the installable app's icons (docs/decisions/0092-installable-app-and-push.md) from web/public/icons/icon.svg
// with the browser the tests use: 192 and 512 px with the rounded square, and a 512 px maskable one whose mark sits in
// the middle 60% on a full-bleed background (a launcher may cut it to a circle: the safe zone is the middle 80%).
// Run after changing the SVG: npx tsx scripts/make-app-icons.ts
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const dir = new URL('../web/public/icons/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', dir), 'utf8');
const mark = svg.replace(/<rect[^>]*\/>/, '');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
async function draw(html: string, size: number, file: string) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${html}</body></html>`);
  await page.screenshot({ path: new URL(file, dir).pathname, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
for (const size of [192, 512]) await draw(svg.replace('<svg ', `<svg width="${size}" height="${size}" `), size, `icon-${size}.png`);
await draw(
  `<div style="width:512px;height:512px;background:#4f46e5;display:flex;align-items:center;justify-content:center">${mark.replace('<svg ', '<svg width="308" height="308" ')}</div>`,
  512,
  'icon-maskable-512.png',
);
await browser.close();

/**
 * Renders public/icons/icon.svg to the PNG icons the web manifest lists (192, 512 and a maskable
 * 512 with safe-zone padding), using Debian's Chromium. Run after changing the SVG:
 *   npx tsx scripts/generate-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public/icons/icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const targets = [
  { file: 'icon-192.png', size: 192, pad: 0, bg: 'transparent' },
  { file: 'icon-512.png', size: 512, pad: 0, bg: 'transparent' },
  { file: 'apple-touch-icon.png', size: 180, pad: 0, bg: '#121214' },
  // Maskable: the launcher may crop to a circle of 80% diameter, so the art sits inside it.
  { file: 'icon-maskable-512.png', size: 512, pad: 0.1, bg: '#121214' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.size, height: t.size }, deviceScaleFactor: 1 });
    const inner = Math.round(t.size * (1 - 2 * t.pad));
    await page.setContent(
      `<html><body style="margin:0;width:${t.size}px;height:${t.size}px;display:flex;align-items:center;justify-content:center;background:${t.bg}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({ path: path.join(root, 'public/icons', t.file), omitBackground: t.bg === 'transparent' });
    await page.close();
    console.log(`public/icons/${t.file} ${t.size}×${t.size}`);
  }
} finally {
  await browser.close();
}

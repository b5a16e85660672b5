// Opens the finding pages of pathwise's HTML report that picture an
// out-of-bounds access, in headless Chromium (Debian's, driven by npm's
// playwright-core), and checks each picture as a reader sees it: drawn,
// inside the page, the bytes outside the buffer in red on the side the
// access went (right of the buffer past its end, left before its start),
// the sizes written under them, no text over another, and in the
// screenshot's pixels red where those bytes are. Saves a screenshot of each.
//   node diagram_check.js REPORT_DIR SCREENSHOT_PREFIX EXPECT...
// where each EXPECT is "after:LABEL" or "before:LABEL", LABEL the size
// under the red bytes ("overflow of 4 bytes"), one per picture expected.
// SPDX-License-Identifier: GPL-3.0-or-later
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

function fail(msg) {
  console.error('FAIL: ' + msg);
  process.exit(1);
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

(async () => {
  const [dir, shots, ...expected] = process.argv.slice(2);
  const exe = process.env.CHROMIUM || execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
  const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const pages = fs.readdirSync(dir).filter(f => /^finding-\d+\.html$/.test(f)).sort();
  const seen = [];
  for (const file of pages) {
    await page.goto('file://' + path.resolve(dir, file));
    if ((await page.locator('#diagram svg').count()) === 0) continue;
    const svg = page.locator('#diagram svg');
    const box = await svg.boundingBox();
    if (!box || box.width < 100 || box.height < 60) fail(`${file}: the picture is not drawn (${JSON.stringify(box)})`);
    const bodyWidth = await page.evaluate(() => document.documentElement.clientWidth);
    if (box.x < 0 || box.x + box.width > bodyWidth) fail(`${file}: the picture leaves the page`);
    // The buffer (blue) and the bytes outside it that the access touches (red).
    const buffer = await page.locator('#diagram rect.buffer').first().boundingBox();
    const reds = page.locator('#diagram rect.outside.accessed');
    if ((await reds.count()) < 1) fail(`${file}: no bytes outside the buffer are marked`);
    const red = await reds.first().boundingBox();
    const fill = await reds.first().evaluate(e => getComputedStyle(e).fill);
    if (fill !== 'rgb(229, 57, 53)') fail(`${file}: the bytes outside are ${fill}, not red`);
    const side = red.x >= buffer.x + buffer.width - 0.5 ? 'after' : red.x + red.width <= buffer.x + 0.5 ? 'before' : '?';
    const label = (await page.locator('#diagram text.outside-size').first().textContent()).trim();
    seen.push(`${side}:${label}`);
    // The size under the red bytes lies under them.
    const labelBox = await page.locator('#diagram text.outside-size').first().boundingBox();
    const centre = labelBox.x + labelBox.width / 2;
    if (centre < red.x || centre > red.x + red.width) fail(`${file}: '${label}' is not under the red bytes`);
    // No text over another; each box's lines inside its box.
    const texts = await page.$$eval('#diagram text', ts => ts.map(t => {
      const r = t.getBoundingClientRect();
      return { s: t.textContent, x: r.x, y: r.y, width: r.width, height: r.height };
    }));
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++)
        if (overlap(texts[i], texts[j])) fail(`${file}: '${texts[i].s}' overlaps '${texts[j].s}'`);
    const boxes = await page.$$eval('#diagram rect.box', rs => rs.map(r => {
      const b = r.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    }));
    for (const t of texts.filter(t => t.y > boxes[0].y && t.y < boxes[0].y + boxes[0].height))
      if (!boxes.some(b => t.x >= b.x && t.x + t.width <= b.x + b.width))
        fail(`${file}: '${t.s}' is not inside its box`);
    // The pixels: red where the bytes outside are, none over the buffer.
    const png = await svg.screenshot({ path: `${shots}-${file.replace('.html', '')}.png` });
    const counts = await page.evaluate(async ({ data, red, buffer, origin }) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + data;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      const isRed = (x, y) => {
        const k = (Math.round(y) * c.width + Math.round(x)) * 4;
        return px[k] > 200 && px[k + 1] < 90 && px[k + 2] < 90;
      };
      let inRed = 0, inBuffer = 0;
      for (let y = red.y - origin.y + 2; y < red.y - origin.y + red.height - 2; y++)
        for (let x = red.x - origin.x + 2; x < red.x - origin.x + red.width - 2; x++) inRed += isRed(x, y);
      for (let y = buffer.y - origin.y + 2; y < buffer.y - origin.y + buffer.height - 2; y++)
        for (let x = buffer.x - origin.x + 2; x < buffer.x - origin.x + buffer.width - 2; x++) inBuffer += isRed(x, y);
      return { inRed, inBuffer, area: (red.width - 4) * (red.height - 4) };
    }, { data: png.toString('base64'), red, buffer, origin: box });
    if (counts.inRed < 0.5 * counts.area) fail(`${file}: only ${counts.inRed} of ${counts.area} pixels are red`);
    if (counts.inBuffer > 0) fail(`${file}: ${counts.inBuffer} red pixels over the buffer`);
  }
  await browser.close();
  const want = [...expected].sort(), got = [...seen].sort();
  if (JSON.stringify(want) !== JSON.stringify(got)) fail(`pictures: expected ${want.join(', ')}; got ${got.join(', ')}`);
  console.log(`ok: ${seen.length} pictures: ${seen.join(', ')}`);
})().catch(e => fail(String(e)));

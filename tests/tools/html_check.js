// Opens pathwise's HTML report in headless Chromium (Debian's, driven by
// npm's playwright-core) and checks the page the way a reader uses it:
// the index lists the findings, its filters and sorting work, a finding's
// page shows the source with the numbered events at their lines. Saves a
// screenshot of each.
//   node html_check.js REPORT_DIR EXPECTED_FINDINGS SCREENSHOT_PREFIX
// SPDX-License-Identifier: GPL-3.0-or-later
const { chromium } = require('playwright-core');
const path = require('path');
const { execSync } = require('child_process');

function fail(msg) {
  console.error('FAIL: ' + msg);
  process.exit(1);
}

(async () => {
  const [dir, expected, shots] = process.argv.slice(2);
  const exe = process.env.CHROMIUM || execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
  const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto('file://' + path.resolve(dir, 'index.html'));
  const rows = await page.locator('#findings tbody tr').count();
  if (rows !== Number(expected)) fail(`index lists ${rows} findings, expected ${expected}`);
  if ((await page.textContent('#count')).trim() !== expected) fail('the count does not say ' + expected);
  // Filter by warning: only that warning's rows stay.
  const rules = await page.$$eval('#findings tbody tr', rs => rs.map(r => r.dataset.rule));
  await page.selectOption('#f-rule', rules[0]);
  const visible = await page.$$eval('#findings tbody tr', rs => rs.filter(r => r.style.display !== 'none').length);
  if (visible !== rules.filter(r => r === rules[0]).length) fail(`filter by ${rules[0]} shows ${visible} rows`);
  await page.selectOption('#f-rule', '');
  // Sort by line, descending on the second click.
  await page.click('th:has-text("line")');
  await page.click('th:has-text("line")');
  const lines = await page.$$eval('#findings tbody tr', rs => rs.map(r => Number(r.children[4].textContent)));
  for (let i = 1; i < lines.length; i++) if (lines[i - 1] < lines[i]) fail('lines not sorted: ' + lines);
  await page.screenshot({ path: shots + '-index.png', fullPage: true });
  // A finding's page: its message, and the path's events in the source.
  const first = page.locator('#findings tbody tr a').first();
  const message = (await first.textContent()).trim();
  await first.click();
  if ((await page.textContent('#message')).trim() !== message) fail('the finding page does not show ' + message);
  const events = await page.locator('.event').count();
  if (events < 1) fail('no events on the finding page');
  if ((await page.locator('.event.last').count()) !== 1) fail('the last event is not marked');
  if ((await page.locator('.hit').count()) < 1) fail('the warning line is not highlighted');
  const text = await page.textContent('#event-1');
  if (!/^\(1\)/.test(text.trim())) fail('event 1 is not numbered: ' + text);
  await page.screenshot({ path: shots + '-finding.png', fullPage: true });
  await browser.close();
  console.log(`ok: ${rows} findings, ${events} events on '${message}'`);
})().catch(e => fail(String(e)));

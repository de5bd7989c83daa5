// Reading a saved analysis in tests: the page's own save as bytes, and the JSON of the analysis
// embedded in a saved file.
import assert from 'node:assert/strict';

// window.afterglow.save(options) in `page`, the HTML's bytes. Passed out as base64: the DevTools
// protocol takes many times longer over a plain array of a few million numbers (minutes on a busy
// machine).
export async function savedBy(page, options) {
  const base64 = await page.evaluate(async (o) => {
    const bytes = await window.afterglow.save(o);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }, options);
  return Buffer.from(base64, 'base64');
}

// The analysis a saved file embeds (exactly one, the page ending after it).
export function analysisOf(html) {
  const text = Buffer.from(html).toString('utf8');
  const elements = [...text.matchAll(
    /<script type="application\/x-afterglow-analysis" id="afterglow-analysis">([\s\S]*?)<\/script>/g)];
  assert.equal(elements.length, 1, 'exactly one embedded analysis');
  assert.ok(text.trimEnd().endsWith('</html>'));
  return JSON.parse(elements[0][1]);
}

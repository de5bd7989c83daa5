// Reads the chosen file to its end through File.stream() and sets window.benchResult:
// {ms (from the change event), bytes}. Nothing else, so this is the fastest any page can see the
// bytes of a local file in this browser.
'use strict';

window.benchResult = null;
document.getElementById('open-file').addEventListener('change', async (event) => {
  const startMs = performance.now();
  const file = event.target.files[0];
  const reader = file.stream().getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  window.benchResult = { ms: performance.now() - startMs, bytes };
});

// Writes the base64 text of one file (argv[2]) to another (argv[3]). make_site.cmake runs it to
// embed afterglow.wasm in afterglow-standalone.html: CMake has no base64, and Node is already
// there (Emscripten runs on it).
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node base64_file.mjs INPUT OUTPUT');
  process.exit(2);
}
writeFileSync(output, readFileSync(input).toString('base64'));

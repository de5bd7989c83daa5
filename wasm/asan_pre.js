// Linked only into the page under AddressSanitizer (the wasm-asan preset). The runtime's options
// are read from Module when it starts: a page never exits, so there is no leak check to run, and a
// small quarantine keeps the use-after-free checks without holding 256 MiB of freed blocks in the
// heap the page's memory cap measures. The runtime prints its reports through printErr, which is
// console.warn by default: here every line goes to console.error, which the browser tests' watched
// pages count as a problem (a report also aborts the module: an uncaught error).
Module['ASAN_OPTIONS'] = Module['ASAN_OPTIONS'] ||
  'detect_leaks=0:quarantine_size_mb=32:malloc_context_size=20';
Module['printErr'] = (text) => console.error(text);

// "Download (zip)" on the overview: the History Server's applications/<id>/<attempt>/logs answer,
// made in the page from the files the last load read. The zip is the one `afterglow api LOG
// .../logs` writes (core/base/stored_zip.cc), byte for byte: stored members, version 1.0, the DOS
// epoch as every date, no zip64; a one-file log is one member named by its file name, a log
// folder is the member "<folder>/" and then every file directly in it, by name. The files are
// read once for their CRC-32; the zip itself is a Blob of headers and the File objects, so the
// logs are not copied into memory.
'use strict';

(function () {
  const shell = window.afterglowPage;  // afterglow-page.js: the files of the last load
  if (!shell) return;
  const kChunkBytes = 8 * 1024 * 1024;
  const kVersion = 10;
  const kDosDate = (1 << 5) | 1;  // 1980-01-01; the time is 00:00:00
  const kLimit = 0xFFFFFFFF;

  const crcTable = (() => {
    const table = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      table[i] = c >>> 0;
    }
    return table;
  })();

  async function fileCrc(file) {
    let crc = 0xFFFFFFFF;
    for (let offset = 0; offset < file.size; offset += kChunkBytes) {
      const bytes = new Uint8Array(await file.slice(offset, offset + kChunkBytes).arrayBuffer());
      for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xFF] ^ (crc >>> 8);
    }
    return (crc ^ 0xFFFFFFFF) >>> 0;
  }

  const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);
  const dirName = (path) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

  // The members of the log the engine calls `logName`: afterglow-page.js's load() names a one-file
  // log by its entry name and a multi-file log by its folder (under the dropped folder, if any).
  function membersOf(logName) {
    const last = shell.lastLoad();
    if (!last) throw new Error('no logs are open');
    for (const log of last.plan) {
      if (log.multi) {
        if (logName !== log.name && !logName.endsWith('/' + log.name)) continue;
        const files = last.entries.filter((entry) => dirName(entry.name) === logName)
          .sort((a, b) => (baseName(a.name) < baseName(b.name) ? -1 : baseName(a.name) > baseName(b.name) ? 1 : 0));
        const folder = baseName(logName) + '/';
        return [{ name: folder, file: null }, ...files.map((entry) => ({ name: folder + baseName(entry.name), file: entry.file }))];
      }
      const entry = last.entries[log.parts[0].file];
      if (entry.name !== logName) continue;
      return [{ name: baseName(entry.name), file: entry.file }];
    }
    throw new Error(`${logName} came out of a zip archive: download the archive itself`);
  }

  function header(fields) {
    const size = fields.reduce((sum, [bytes]) => sum + bytes, 0);
    const view = new DataView(new ArrayBuffer(size));
    let at = 0;
    for (const [bytes, value] of fields) {
      if (bytes === 2) view.setUint16(at, value, true); else view.setUint32(at, value, true);
      at += bytes;
    }
    return new Uint8Array(view.buffer);
  }

  // The zip of `members` as a Blob.
  async function zipOf(members) {
    const encoder = new TextEncoder();
    const parts = [];
    const directory = [];
    let offset = 0;
    for (const member of members) {
      const name = encoder.encode(member.name);
      const size = member.file ? member.file.size : 0;
      const crc = member.file ? await fileCrc(member.file) : 0;
      if (offset + 30 + name.length + size > kLimit) throw new Error('the logs make a zip of 4 GiB or more');
      const common = [[2, 0], [2, 0], [2, 0], [2, kDosDate], [4, crc], [4, size], [4, size], [2, name.length], [2, 0]];
      parts.push(header([[4, 0x04034b50], [2, kVersion], ...common]), name);
      if (member.file) parts.push(member.file);
      directory.push(header([[4, 0x02014b50], [2, kVersion], [2, kVersion], ...common, [2, 0], [2, 0], [2, 0],
                             [4, member.file ? 0 : 0x10], [4, offset]]), name);
      offset += 30 + name.length + size;
    }
    const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
    const end = header([[4, 0x06054b50], [2, 0], [2, 0], [2, members.length], [2, members.length],
                        [4, directorySize], [4, offset], [2, 0]]);
    return new Blob([...parts, ...directory, end], { type: 'application/zip' });
  }

  function download(blob, fileName) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60 * 1000);
  }

  shell.onSaveLogsZip = (logName, zipName) => {
    Promise.resolve().then(() => zipOf(membersOf(logName))).then((blob) => download(blob, zipName), (error) => {
      window.alert(`The logs could not be zipped: ${(error && error.message) || error}`);
    });
  };
})();

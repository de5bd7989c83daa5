// Hostile files for the page's tests, made at test time as the native suite makes them
// (tests/core/ingest/bomb_writers, codec_writers, tests/core/decode/hostile_json_test.cc):
// decompression bombs, impossible size claims, a 1 GiB line, JSON built to cost, bytes that are
// not text. Each function returns the file's bytes (a Buffer), except where it writes a sparse file.
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';

export const kMiB = 1 << 20;

// The lines of tests/support/listing_log_lines.h and hostile_json_test.cc.
export const logStartLine = () => '{"Event":"SparkListenerLogStart","Spark Version":"3.5.1"}\n';
export const appStartLine = (appId, time, user = 'ann') =>
  `{"Event":"SparkListenerApplicationStart","App Name":"n","App ID":"${appId}","Timestamp":${time},"User":"${user}"}\n`;
export const appEndLine = (time) => `{"Event":"SparkListenerApplicationEnd","Timestamp":${time}}\n`;
export const jobStartLine = (job, properties = '{}') =>
  `{"Event":"SparkListenerJobStart","Job ID":${job},"Submission Time":1500,"Stage Infos":[],"Stage IDs":[],"Properties":${properties}}\n`;
export const jobEndLine = (job, time) =>
  `{"Event":"SparkListenerJobEnd","Job ID":${job},"Completion Time":${time},"Job Result":{"Result":"JobSucceeded"}}\n`;

// A complete little log: the application read before the damage.
export const kAppBefore = 'app-before';
export const smallLog = () => logStartLine() + appStartLine(kAppBefore, 1000) + appEndLine(2000);

const le32 = (value) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const be32 = (value) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const le16 = (value) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};

// [SECTION] Decompression bombs.

// A raw deflate stream of `text` then `mib` MiB of zeros, a few KiB per MiB: each MiB is deflated
// on its own and ended by a full flush, which leaves no history for the next to refer to, so the
// one MiB's bytes repeat. Returns {deflated, crc, size} of the content.
export function deflateBomb(text, mib) {
  const zeros = Buffer.alloc(kMiB);
  const flushed = (bytes) => deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const head = flushed(Buffer.from(text));
  const mibDeflated = flushed(zeros);
  const parts = [head];
  let crc = crc32(Buffer.from(text));
  for (let i = 0; i < mib; i++) {
    parts.push(mibDeflated);
    crc = crc32(zeros, crc);
  }
  parts.push(deflateRawSync(Buffer.alloc(0)));  // the final, empty block
  return { deflated: Buffer.concat(parts), crc, size: Buffer.byteLength(text) + mib * kMiB };
}

// A gzip member of the bomb's content.
export function gzipBomb(text, mib) {
  const { deflated, crc, size } = deflateBomb(text, mib);
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  return Buffer.concat([header, deflated, le32(crc), le32(size % 2 ** 32)]);
}

// A zip holding one deflated entry `name`, as ZipOutputStream would with the sizes known.
export function zipOfDeflated(name, deflated, size, crc) {
  const nameBytes = Buffer.from(name);
  const common = [le16(20), le16(0), le16(8), le16(0), le16(0), le32(crc), le32(deflated.length),
                  le32(size), le16(nameBytes.length), le16(0)];
  const local = Buffer.concat([le32(0x04034b50), ...common, nameBytes]);
  const central = Buffer.concat([le32(0x02014b50), le16(20), ...common, le16(0), le16(0), le16(0),
                                 le32(0), le32(0), nameBytes]);
  const end = Buffer.concat([le32(0x06054b50), le16(0), le16(0), le16(1), le16(1),
                             le32(central.length), le32(local.length + deflated.length), le16(0)]);
  return Buffer.concat([local, deflated, central, end]);
}

// zstd: a frame of raw blocks holding `text` (up to 128 KiB a block).
export function zstdRawFrame(text) {
  const bytes = Buffer.from(text);
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58])];  // no content size; 1 MiB window
  for (let pos = 0; pos < bytes.length || pos === 0; pos += 128 * 1024) {
    const block = bytes.subarray(pos, pos + 128 * 1024);
    const last = pos + 128 * 1024 >= bytes.length ? 1 : 0;
    const header = last | (0 << 1) | (block.length << 3);  // type 0: raw
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), block);
  }
  return Buffer.concat(parts);
}

// zstd: `text` in a raw frame, then a frame of `mib` MiB of zeros as RLE blocks of 128 KiB: four
// stored bytes each.
export function zstdBomb(text, mib) {
  const blocks = mib * 8;
  const parts = [zstdRawFrame(text), Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])];  // 128 KiB window
  for (let i = 0; i < blocks; i++) {
    const header = (i === blocks - 1 ? 1 : 0) | (1 << 1) | ((128 * 1024) << 3);  // type 1: RLE
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0]));
  }
  return Buffer.concat(parts);
}

// zstd: `text`, then a frame whose header asks for a 2 GiB window (window log 31).
export function zstdHugeWindow(text) {
  const log = zstdRawFrame(text);
  return { bytes: Buffer.concat([log, Buffer.from('28b52ffd00a829000068656c6c6f', 'hex')]), at: log.length };
}

// [SECTION] Size claims.

// XXH32 (lz4-java's block checksums).
function xxh32(bytes, seed) {
  const P1 = 2654435761, P2 = 2246822519, P3 = 3266489917, P4 = 668265263, P5 = 374761393;
  const rotl = (x, r) => ((x << r) | (x >>> (32 - r))) >>> 0;
  const mul = (a, b) => Math.imul(a, b) >>> 0;
  const u32 = (p) => bytes.readUInt32LE(p);
  let i = 0;
  let h;
  if (bytes.length >= 16) {
    let v1 = (seed + P1 + P2) >>> 0, v2 = (seed + P2) >>> 0, v3 = seed >>> 0, v4 = (seed - P1) >>> 0;
    const round = (v, x) => mul(rotl((v + mul(x, P2)) >>> 0, 13), P1);
    for (; i <= bytes.length - 16; i += 16) {
      v1 = round(v1, u32(i)); v2 = round(v2, u32(i + 4)); v3 = round(v3, u32(i + 8)); v4 = round(v4, u32(i + 12));
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) >>> 0;
  } else {
    h = (seed + P5) >>> 0;
  }
  h = (h + bytes.length) >>> 0;
  for (; i + 4 <= bytes.length; i += 4) h = mul(rotl((h + mul(u32(i), P3)) >>> 0, 17), P4);
  for (; i < bytes.length; i++) h = mul(rotl((h + mul(bytes[i], P5)) >>> 0, 11), P1);
  h = mul(h ^ (h >>> 15), P2);
  h = mul(h ^ (h >>> 13), P3);
  return (h ^ (h >>> 16)) >>> 0;
}

// lz4-java's LZ4BlockOutputStream: `text` as one stored (method 0x10) block of up to 64 KiB,
// then a block of 100 bytes said to inflate to 2 GiB.
export function lz4TwoGiBClaim(text) {
  const bytes = Buffer.from(text);
  const level = 6;  // 64 KiB blocks
  const log = Buffer.concat([Buffer.from('LZ4Block'), Buffer.from([0x10 | level]), le32(bytes.length),
                             le32(bytes.length), le32(xxh32(bytes, 0x9747b28c) & 0x0fffffff), bytes]);
  const claim = Buffer.concat([Buffer.from('LZ4Block'), Buffer.from([0x2f]), le32(100), le32(0x80000000),
                               le32(0), Buffer.alloc(100, 'x')]);
  return { bytes: Buffer.concat([log, claim]), at: log.length };
}

// snappy-java's SnappyOutputStream: the header, `text` as one chunk of literals, then a chunk of
// 6 bytes whose snappy header says it inflates to 2 GiB.
export function snappyTwoGiBClaim(text) {
  const bytes = Buffer.from(text);
  const varint = [];
  for (let n = bytes.length; ; n >>>= 7) {
    if (n < 0x80) {
      varint.push(n);
      break;
    }
    varint.push((n & 0x7f) | 0x80);
  }
  const literal = Buffer.concat([Buffer.from(varint), Buffer.from([61 << 2]), le16(bytes.length - 1), bytes]);
  const log = Buffer.concat([Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0]), be32(1), be32(1),
                             be32(literal.length), literal]);
  const claim = Buffer.from([0, 0, 0, 6, 0x80, 0x80, 0x80, 0x80, 0x08, 0]);
  return { bytes: Buffer.concat([log, claim]), at: log.length };
}

// [SECTION] Lines.

// `text`, then a line of `bytes` NUL bytes without a newline, as a sparse file: its length is
// set, not written, so the disk holds only `text`.
export function writeSparseLongLine(path, text, bytes) {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, text);
    ftruncateSync(fd, Buffer.byteLength(text) + bytes);
  } finally {
    closeSync(fd);
  }
}

// A log whose line 3 is nesting 100,000 deep, and whose line 4 nests as deep inside a property.
export function deepNestingLog() {
  const deep = '['.repeat(100000) + ']'.repeat(100000);
  return logStartLine() + appStartLine('app-deep', 1000) + deep + '\n' +
    jobStartLine(0, `{"x":${deep}}`) + jobStartLine(1) + jobEndLine(1, 1800) + appEndLine(2000);
}

// A job whose properties are one object of a million keys (a 19 MB line).
export function millionKeysLog() {
  const keys = [];
  for (let i = 0; i < 1000000; i++) keys.push(`"spark.k${i}":"v"`);
  return logStartLine() + appStartLine('app-keys', 1000) + jobStartLine(0, `{${keys.join(',')}}`) +
    jobEndLine(0, 1800) + appEndLine(2000);
}

// A million executors, each with its own id and host (about 140 MB), in a finished application.
export function millionExecutorsLog() {
  const parts = [logStartLine() + appStartLine('app-executors', 1000)];
  for (let n = 1; n <= 1000000; n++) {
    parts.push(`{"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"exec-${n}",` +
               `"Executor Info":{"Host":"host-${n}.example.com","Total Cores":4}}\n`);
  }
  parts.push(appEndLine(2000));
  return Buffer.from(parts.join(''));
}

// Invalid UTF-8 in a string, NUL bytes in a string, alone on a line and between tokens: lines 3-6.
export function badBytesLog() {
  return Buffer.concat([
    Buffer.from(logStartLine() + appStartLine('app-bytes', 1000), 'latin1'),
    Buffer.from(jobStartLine(0, '{"spark.job.description":"caf\xc3\x28 \xff\xfe"}'), 'latin1'),
    Buffer.from(jobStartLine(1, '{"spark.job.description":"a\0b"}'), 'latin1'),
    Buffer.from('\0\0\0\0\n{"Event":\0"SparkListenerJobEnd"}\n', 'latin1'),
    Buffer.from(jobStartLine(2) + jobEndLine(2, 1800) + appEndLine(2000), 'latin1'),
  ]);
}

// 4 MiB of pseudo-random bytes (a fixed sequence: the same file every run).
export function binaryFile() {
  const bytes = Buffer.alloc(4 * kMiB);
  let state = 7;
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

// An application starting in 1970, a job submitted in 2200 that ends before it starts, a task
// launched in 2200 that finishes in 1970.
export const kYear2200Ms = 7258118400000;
export function timesLog() {
  return logStartLine() + appStartLine('app-times', 0) +
    `{"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":${kYear2200Ms},"Stage Infos":[],"Stage IDs":[],"Properties":{}}\n` +
    jobEndLine(0, 5) +
    '{"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask",' +
    '"Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":1,"Index":0,"Attempt":0,' +
    `"Launch Time":${kYear2200Ms},"Executor ID":"1","Host":"h","Locality":"ANY","Speculative":false,` +
    '"Getting Result Time":0,"Finish Time":3,"Failed":false,"Killed":false,"Accumulables":[]}}\n' +
    appEndLine(1);
}

#include "core/decode/simd128_stage1.h"

#include <bit>
#include <cstring>
#include <memory>
#include <new>

#include "core/decode/simd128_bytes.h"
#include "core/decode/simd128_string_unescape.h"

namespace afterglow {

namespace {

using simdjson::error_code;

constexpr size_t kBlockSize = 64;
// Index entries allocated past RoundUp(capacity, 64): AppendBitPositions writes up to 7 entries
// past the last real one, and stage1 writes 3 sentinels after it.
constexpr size_t kIndexSlack = 16;

// Per 64-byte block, one bit per byte (bit i = byte i) for each class stage 1 tells apart.
struct BlockBits {
  uint64_t backslash;
  uint64_t quote;       // '"', escaped or not
  uint64_t whitespace;  // ' ', '\t', '\n', '\r'
  // ',', ':', '[', ']', '{', '}', and the control characters 0x0C and 0x1A: simdjson's kernels
  // match operators by (byte | 0x20) against a nibble table, which those two also pass, and stage
  // 2 rejects them where they stand; matching the same set keeps our index equal to theirs.
  uint64_t op;
  uint64_t control;     // 0x00..0x1F, which JSON forbids unescaped inside strings
  bool non_ascii;       // any byte >= 0x80
};

// For each low nibble, the one whitespace byte with that nibble, else 0 (which no byte with a
// nonzero nibble equals, and ' ' owns nibble 0).
alignas(16) constexpr uint8_t kWhitespaceByNibble[16] = {' ', 0, 0, 0,    0, 0, 0, 0,
                                                         0,   '\t', '\n', 0, 0, '\r', 0, 0};
// For each low nibble, the operator with that nibble after | 0x20 (which folds '[' ']' onto
// '{' '}'), else 0 (which no byte | 0x20 equals).
alignas(16) constexpr uint8_t kOperatorByNibble[16] = {0, 0, 0,   0,   0,   0,   0, 0,
                                                       0, 0, ':', '{', ',', '}', 0, 0};

uint64_t Widen(uint32_t bits0, uint32_t bits1, uint32_t bits2, uint32_t bits3) {
  return uint64_t(bits0) | uint64_t(bits1) << 16 | uint64_t(bits2) << 32 | uint64_t(bits3) << 48;
}

template <class V>
BlockBits ClassifyBlock(const uint8_t* block) {
  using Bytes = typename V::Bytes;
  const Bytes whitespace_table = V::Load(kWhitespaceByNibble);
  const Bytes operator_table = V::Load(kOperatorByNibble);
  const Bytes backslash = V::Splat('\\');
  const Bytes quote = V::Splat('"');
  const Bytes fold_case = V::Splat(0x20);
  uint32_t bits[5][4];
  Bytes any = V::Splat(0);
  for (int i = 0; i < 4; ++i) {
    const Bytes in = V::Load(block + 16 * i);
    bits[0][i] = V::HighBits(V::Eq(in, backslash));
    bits[1][i] = V::HighBits(V::Eq(in, quote));
    bits[2][i] = V::HighBits(V::Eq(in, V::LookupLowNibble(whitespace_table, in)));
    bits[3][i] = V::HighBits(V::Eq(V::Or(in, fold_case), V::LookupLowNibble(operator_table, in)));
    bits[4][i] = V::HighBits(V::AtMost(in, 0x1F));
    any = V::Or(any, in);
  }
  BlockBits out;
  uint64_t* const fields[5] = {&out.backslash, &out.quote, &out.whitespace, &out.op, &out.control};
  for (int f = 0; f < 5; ++f) *fields[f] = Widen(bits[f][0], bits[f][1], bits[f][2], bits[f][3]);
  out.non_ascii = V::HighBits(any) != 0;
  return out;
}

// What one block passes to the next.
struct ScanCarry {
  uint64_t escaped = 0;    // 1: the next block's first byte follows an escaping backslash
  uint64_t in_string = 0;  // all ones: the block ended inside a string
  uint64_t scalar = 0;     // 1: the block's last byte was a non-quote scalar (letter, digit...)
};

// The bytes escaped by a backslash: in a run of backslashes the first escapes the second, the
// third the fourth, and so on, so the escaped bytes after a run that starts at an even position
// are the odd ones and vice versa. Adding each odd-starting run's first bit to the backslash
// mask carries through that run and clears it, which tells the two kinds of runs apart; the
// carry out of bit 63 is the escape of the next block's first byte.
uint64_t FindEscaped(uint64_t backslash, uint64_t& carry_escaped) {
  constexpr uint64_t kEvenBits = 0x5555555555555555ULL;
  backslash &= ~carry_escaped;  // an escaped backslash escapes nothing
  const uint64_t follows_backslash = backslash << 1 | carry_escaped;
  const uint64_t odd_run_starts = backslash & ~kEvenBits & ~follows_backslash;
  uint64_t even_runs = 0;
  carry_escaped = __builtin_add_overflow(odd_run_starts, backslash, &even_runs) ? 1 : 0;
  return (kEvenBits ^ (even_runs << 1)) & follows_backslash;
}

// Bit i set when an odd number of bits at or below i are set: wasm has no carry-less multiply,
// so by doubling shifts.
uint64_t PrefixXor(uint64_t bits) {
  bits ^= bits << 1;
  bits ^= bits << 2;
  bits ^= bits << 4;
  bits ^= bits << 8;
  bits ^= bits << 16;
  bits ^= bits << 32;
  return bits;
}

// The structural starts of one block: operators and the first byte of every scalar (a quote
// opening a string, a digit or letter after whitespace or an operator), outside strings.
// `control_in_string` collects control characters inside strings.
uint64_t StructuralStarts(const BlockBits& bits, ScanCarry& carry, uint64_t& control_in_string) {
  uint64_t escaped = 0;
  if ((bits.backslash | carry.escaped) != 0) escaped = FindEscaped(bits.backslash, carry.escaped);
  const uint64_t quote = bits.quote & ~escaped;
  // From an opening quote up to (not including) its closing quote.
  const uint64_t in_string = PrefixXor(quote) ^ carry.in_string;
  carry.in_string = uint64_t(int64_t(in_string) >> 63);
  control_in_string |= bits.control & in_string;

  const uint64_t scalar = ~(bits.op | bits.whitespace);
  // A quote after a scalar ("1"x) still starts a token; an escaped quote does not count as one.
  const uint64_t nonquote_scalar = scalar & ~quote;
  const uint64_t follows_nonquote_scalar = nonquote_scalar << 1 | carry.scalar;
  carry.scalar = nonquote_scalar >> 63;
  const uint64_t starts = bits.op | (scalar & ~follows_nonquote_scalar);
  // Inside a string nothing starts, but the opening quote itself does (in_string ^ quote is the
  // string without its opening quote, with its closing one).
  return starts & ~(in_string ^ quote);
}

// Appends base + the position of every set bit, lowest first. Writes 8 at a time, so up to 7
// entries past the returned end are scratch (kIndexSlack).
uint32_t* AppendBitPositions(uint32_t* tail, uint32_t base, uint64_t bits) {
  if (bits == 0) return tail;
  uint32_t* const end = tail + std::popcount(bits);
  do {
    for (int i = 0; i < 8; ++i) {
      tail[i] = base + uint32_t(std::countr_zero(bits));
      bits &= bits - 1;
    }
    tail += 8;
  } while (tail < end);
  return end;
}

struct IndexResult {
  error_code error;
  uint32_t count;
  size_t first_non_ascii;  // offset of the first block with a byte >= 0x80, or len
};

template <class V>
IndexResult IndexStructurals(const uint8_t* buf, size_t len, uint32_t* indexes) {
  uint32_t* tail = indexes;
  ScanCarry carry;
  uint64_t control_in_string = 0;
  size_t first_non_ascii = len;
  auto scan = [&](const uint8_t* block, size_t offset) {
    const BlockBits bits = ClassifyBlock<V>(block);
    if (bits.non_ascii && first_non_ascii == len) first_non_ascii = offset;
    tail = AppendBitPositions(tail, uint32_t(offset),
                              StructuralStarts(bits, carry, control_in_string));
  };
  size_t offset = 0;
  for (; offset + kBlockSize <= len; offset += kBlockSize) scan(buf + offset, offset);
  if (offset < len) {
    // The last partial block, padded with spaces (the bytes past len are not ours to classify).
    uint8_t last[kBlockSize];
    std::memset(last, ' ', kBlockSize);
    std::memcpy(last, buf + offset, len - offset);
    scan(last, offset);
  }
  if (carry.in_string != 0) return {simdjson::UNCLOSED_STRING, 0, first_non_ascii};
  if (control_in_string != 0) return {simdjson::UNESCAPED_CHARS, 0, first_non_ascii};
  return {simdjson::SUCCESS, uint32_t(tail - indexes), first_non_ascii};
}

class Simd128Implementation final : public simdjson::implementation {
 public:
  Simd128Implementation()
      : simdjson::implementation("afterglow_simd128",
                                 "Afterglow's SIMD128 stage 1 for on-demand parsing", 0) {}

  error_code create_dom_parser_implementation(
      size_t capacity, size_t max_depth,
      std::unique_ptr<simdjson::internal::dom_parser_implementation>& dst) const noexcept override {
    std::unique_ptr<Simd128Stage1> stage1(new (std::nothrow) Simd128Stage1(Stage1Backend::kBest));
    if (!stage1) return simdjson::MEMALLOC;
    error_code error = stage1->set_capacity(capacity);
    if (error) return error;
    if ((error = stage1->set_max_depth(max_depth))) return error;
    dst = std::move(stage1);
    return simdjson::SUCCESS;
  }
  error_code minify(const uint8_t* buf, size_t len, uint8_t* dst,
                    size_t& dst_len) const noexcept override {
    return simdjson::builtin_implementation()->minify(buf, len, dst, dst_len);
  }
  bool validate_utf8(const char* buf, size_t len) const noexcept override {
    return simdjson::builtin_implementation()->validate_utf8(buf, len);
  }
};

}  // namespace

error_code Simd128Stage1::stage1(const uint8_t* buf, size_t len,
                                 simdjson::stage1_mode mode) noexcept {
  if (mode != simdjson::stage1_mode::regular) return simdjson::UNSUPPORTED_ARCHITECTURE;
  if (len > capacity()) return simdjson::CAPACITY;
  if (len == 0) return simdjson::EMPTY;
  uint32_t* const indexes = structural_indexes.get();
  const IndexResult result = backend_ == Stage1Backend::kBest
                                 ? IndexStructurals<simd128::BestBytes>(buf, len, indexes)
                                 : IndexStructurals<simd128::PortableBytes>(buf, len, indexes);
  if (result.error) return result.error;
  n_structural_indexes = result.count;
  // The on-demand iterator may read past the last entry: it must find len twice, then 0
  // (simdjson issue #906).
  indexes[n_structural_indexes] = uint32_t(len);
  indexes[n_structural_indexes + 1] = uint32_t(len);
  indexes[n_structural_indexes + 2] = 0;
  next_structural_index = 0;
  if (n_structural_indexes == 0) return simdjson::EMPTY;
  // A text that is ASCII up to some block is valid UTF-8 up to there: check from that block on.
  if (result.first_non_ascii < len &&
      !simdjson::validate_utf8(reinterpret_cast<const char*>(buf) + result.first_non_ascii,
                               len - result.first_non_ascii)) {
    return simdjson::UTF8_ERROR;
  }
  return simdjson::SUCCESS;
}

uint8_t* Simd128Stage1::parse_string(const uint8_t* src, uint8_t* dst) const noexcept {
  return UnescapeJsonString(src, dst, backend_);
}

error_code Simd128Stage1::set_capacity(size_t capacity) noexcept {
  if (capacity > simdjson::SIMDJSON_MAXSIZE_BYTES) return simdjson::CAPACITY;
  const size_t entries = (capacity + kBlockSize - 1) / kBlockSize * kBlockSize + kIndexSlack;
  structural_indexes.reset(new (std::nothrow) uint32_t[entries]);
  if (!structural_indexes) {
    _capacity = 0;
    return simdjson::MEMALLOC;
  }
  structural_indexes[0] = 0;
  n_structural_indexes = 0;
  _capacity = capacity;
  return simdjson::SUCCESS;
}

error_code Simd128Stage1::set_max_depth(size_t max_depth) noexcept {
  // Only stage 2 of the DOM parser keeps per-depth state; the on-demand parser keeps its own.
  _max_depth = max_depth;
  return simdjson::SUCCESS;
}

error_code Simd128Stage1::parse(const uint8_t*, size_t, simdjson::dom::document&) noexcept {
  return simdjson::UNSUPPORTED_ARCHITECTURE;
}

error_code Simd128Stage1::stage2(simdjson::dom::document&) noexcept {
  return simdjson::UNSUPPORTED_ARCHITECTURE;
}

error_code Simd128Stage1::stage2_next(simdjson::dom::document&) noexcept {
  return simdjson::UNSUPPORTED_ARCHITECTURE;
}

error_code InstallSimd128Stage1(simdjson::ondemand::parser& parser) {
  static const Simd128Implementation implementation;
  auto& active = simdjson::get_active_implementation();
  // The first active implementation picks the best kernel when first used: resolve it now, so
  // what we put back is the kernel itself.
  (void)active->name();
  const simdjson::implementation* previous = active;
  active = &implementation;
  // Small: the parser grows to the longest line it meets, through our set_capacity.
  constexpr size_t kInitialCapacity = 4096;
  const error_code error = parser.allocate(kInitialCapacity);
  active = previous;
  return error;
}

}  // namespace afterglow

// The iteration order of Scala 2.13 immutable Sets and Maps of Int keys, which Spark's SQL
// listener keeps (the jobs of an execution, its stages) and whose order shows in the REST answers
// (docs/SPARK-SEMANTICS.md fact 87). Up to four keys they keep insertion order (Set1..Set4,
// Map1..Map4); beyond that they are CHAMP hash tries, iterated in an order fixed by the keys'
// improved hashes.
#pragma once

#include <cstdint>
#include <vector>

namespace afterglow {

// `keys` are distinct, in insertion order; returns them in the collection's iteration order.
std::vector<int32_t> ScalaImmutableIntOrder(const std::vector<int32_t>& keys);

}  // namespace afterglow

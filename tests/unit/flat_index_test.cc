// Unit tests of the exploration's flat hash indexes and of the value
// table's index: what goes in is found again, through every growth, and
// nothing else is.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "analysis/flat_index.h"
#include "analysis/svalue.h"

using namespace pathwise;
using namespace pathwise::detail;

namespace {

// Keys as the engine makes them (hashes), and some that share low bits.
uint64_t key_of(uint32_t k) { return k % 3 == 0 ? static_cast<uint64_t>(k) << 40 : k * 0x9e3779b97f4a7c15ull; }

} // namespace

TEST(FlatIndex, KeyIdsFindsEveryIdOfAKeyThroughGrowth) {
  KeyIds index;
  std::multimap<uint64_t, int32_t> reference;
  for (int32_t id = 0; id < 5000; ++id) {
    const uint64_t key = key_of(static_cast<uint32_t>(id % 1700)); // (most keys have several ids)
    index.insert(key, id);
    reference.emplace(key, id);
  }
  for (uint32_t k = 0; k < 1800; ++k) {
    const uint64_t key = key_of(k);
    std::set<int32_t> found;
    EXPECT_FALSE(index.any_of(key, [&](int32_t id) {
      found.insert(id);
      return false; // (all of them)
    }));
    std::set<int32_t> expected;
    for (auto [it, end] = reference.equal_range(key); it != end; ++it)
      expected.insert(it->second);
    EXPECT_EQ(found, expected) << "key " << k;
  }
  // The search stops at the first id the caller accepts.
  int calls = 0;
  EXPECT_TRUE(index.any_of(key_of(5), [&](int32_t id) {
    ++calls;
    return id % 1700 == 5;
  }));
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(KeyIds().any_of(7, [](int32_t) { return true; }));
}

TEST(FlatIndex, KeyValuesStartAtZeroAndKeepWhatWasSet) {
  KeyValues values;
  std::map<uint64_t, uint32_t> reference;
  for (uint32_t k = 0; k < 4000; ++k) {
    const uint64_t key = key_of(k % 2500);
    EXPECT_EQ(values[key], reference[key]);
    values[key] += k + 1;
    reference[key] += k + 1;
  }
  for (const auto &[key, v] : reference)
    EXPECT_EQ(values[key], v);
  EXPECT_EQ(values[reference.begin()->first], reference.begin()->second); // (key 0 is a key like any other)
  EXPECT_EQ(reference.begin()->first, 0u);
  EXPECT_EQ(values[0xdeadbeefull], 0u);
  values[0xdeadbeefull] = 9;
  EXPECT_EQ(values[0xdeadbeefull], 9u);
}

TEST(FlatIndex, SvalTableGivesOneIdPerValueInOrderOfFirstUse) {
  SvalTable t;
  std::vector<SvalId> ids;
  for (int64_t a = 0; a < 3000; ++a)
    ids.push_back(t.get(a % 2 ? SK::Const : SK::Conjured, a, -a, static_cast<SvalId>(a % 7)));
  // New values get the next ids, after the two the table starts with.
  for (size_t k = 0; k < ids.size(); ++k)
    EXPECT_EQ(ids[k], k + 2);
  for (int64_t a = 0; a < 3000; ++a) {
    const SvalId id = t.get(a % 2 ? SK::Const : SK::Conjured, a, -a, static_cast<SvalId>(a % 7));
    EXPECT_EQ(id, ids[static_cast<size_t>(a)]);
    EXPECT_EQ(t[id].a, a);
  }
  EXPECT_EQ(t.size(), 3002u);
  // Values that differ in one part only are different values.
  const SvalId c = t.get(SK::Const, 5);
  EXPECT_NE(t.get(SK::Const, 5, 1), c);
  EXPECT_NE(t.get(SK::Const, 5, 0, 1), c);
  EXPECT_NE(t.get(SK::Conjured, 5), c);
  EXPECT_EQ(t.get(SK::Const, 5), c);
}

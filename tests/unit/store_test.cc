// Unit tests of the engine's store: interned regions and bindings.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/store.h"

using namespace pathwise;

TEST(Store, KeysAsText) {
  EXPECT_EQ(key_base_end("S12.8"), 3u);
  EXPECT_EQ(key_base_number("L37[2]"), 37u);
  EXPECT_TRUE(key_within("L3.8[2]", "L3.8"));
  EXPECT_FALSE(key_within("L3.80", "L3.8"));
  EXPECT_FALSE(key_within("L31", "L3"));
  // p[1] is under what p points to for a search of its base...
  EXPECT_TRUE(key_within("S5+8", "S5"));
  // ...but beside *p, not inside it.
  EXPECT_FALSE(key_inside("S5+8", "S5"));
  EXPECT_TRUE(key_inside("S5.8", "S5"));
}

TEST(Store, InterningGivesOneIdPerKeyAndKnowsItsParts) {
  RegionTable t;
  const RegionId field = t.intern("L3.8[2]");
  EXPECT_EQ(t.intern("L3.8[2]"), field);
  EXPECT_EQ(t.key(field), "L3.8[2]");
  EXPECT_EQ(t.kind(field), 'L');
  EXPECT_EQ(t.base_number(field), 3u);
  EXPECT_EQ(t.steps(field), ".8[2]");
  // The enclosing regions were interned with it.
  const RegionId outer = t.find("L3.8");
  const RegionId base = t.find("L3");
  ASSERT_NE(outer, 0u);
  ASSERT_NE(base, 0u);
  EXPECT_EQ(t.base(field), base);
  EXPECT_TRUE(t.is_base(base));
  EXPECT_TRUE(t.inside(field, outer));
  EXPECT_TRUE(t.inside(field, base));
  EXPECT_FALSE(t.inside(outer, field));
  EXPECT_FALSE(t.inside(t.intern("L31"), base));
  EXPECT_EQ(t.find("G9"), 0u);
  EXPECT_EQ(t.intern(""), 0u);
}

TEST(Store, RebasingKeepsTheSteps) {
  RegionTable t;
  const RegionId r = t.intern("S12+8.4");
  const RegionId moved = t.rebased(r, 40);
  EXPECT_EQ(t.key(moved), "S40+8.4");
  EXPECT_EQ(t.base_number(moved), 40u);
  EXPECT_FALSE(t.inside(moved, t.intern("S40"))); // a neighbour of *p
  EXPECT_TRUE(t.within(moved, t.intern("S40")));
}

TEST(Store, BindingsStaySortedAndClearWhatLiesInside) {
  RegionTable t;
  Bindings b;
  const RegionId s = t.intern("L1");
  const RegionId f = t.intern("L1.8");
  const RegionId g = t.intern("L1.16");
  const RegionId other = t.intern("L2");
  set_binding(b, g, 7);
  set_binding(b, other, 9);
  set_binding(b, f, 5);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_TRUE(std::is_sorted(b.begin(), b.end()));
  EXPECT_EQ(bound_value(b, f), 5u);
  EXPECT_EQ(bound_value(b, s), 0u);
  EXPECT_TRUE(binds_within(b, t, s));
  set_binding(b, f, 6); // replaced, not added
  EXPECT_EQ(b.size(), 3u);
  EXPECT_EQ(bound_value(b, f), 6u);
  unbind_inside(b, t, s);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].first, other);
  set_binding(b, other, 0); // 0 unbinds
  EXPECT_TRUE(b.empty());
}

TEST(Store, NestingAgreesWithTheKeysText) {
  // within() and inside() climb the interned parents; on every pair of a
  // varied set of keys they must answer as the keys' text does.
  RegionTable t;
  const std::vector<std::string> keys = {
      "L3",         "L3.8",      "L3.8[2]",   "L3.80",     "L3.8[2].4", "L31",       "L3[1]",     "L3[1].0",
      "L3[?]",      "L3.name?",  "L3.name?[2]", "S5",      "S5+8",      "S5+8.4",    "S5.8",      "S5.8+4",
      "S5.4+8",     "S50",       "S5+-8",     "G9",        "G9.16[3]",  "G9.16[3].2", "G91.16",   "S12+8.4"};
  std::vector<RegionId> ids;
  for (const std::string &k : keys)
    ids.push_back(t.intern(k));
  for (size_t i = 0; i < keys.size(); ++i)
    for (size_t j = 0; j < keys.size(); ++j) {
      EXPECT_EQ(t.within(ids[i], ids[j]), key_within(keys[i], keys[j])) << keys[i] << " within " << keys[j];
      EXPECT_EQ(t.inside(ids[i], ids[j]), key_inside(keys[i], keys[j])) << keys[i] << " inside " << keys[j];
    }
  EXPECT_EQ(t.parent(t.find("L3.8[2]")), t.find("L3.8"));
  EXPECT_EQ(t.parent(t.find("L3")), 0u);
}

// The engine's store: interned regions and bindings (see store.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/store.h"

#include <algorithm>
#include <cctype>

namespace pathwise {

static bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

size_t key_base_end(std::string_view key) {
  size_t end = 1;
  while (end < key.size() && is_digit(key[end]))
    ++end;
  return end;
}

uint64_t key_base_number(std::string_view key) {
  uint64_t n = 0;
  for (size_t k = 1; k < key.size() && is_digit(key[k]); ++k)
    n = n * 10 + static_cast<uint64_t>(key[k] - '0');
  return n;
}

bool key_within(std::string_view key, std::string_view place) {
  return key.compare(0, place.size(), place) == 0 && (key.size() == place.size() || !is_digit(key[place.size()]));
}

bool key_inside(std::string_view key, std::string_view place) {
  return key_within(key, place) && !(place[0] == 'S' && key.size() > place.size() && key[place.size()] == '+');
}

RegionTable::RegionTable() {
  m_entries.push_back({"", 0, 0});
  m_links.push_back({0, 0, '\0', '\0', false});
}

RegionId RegionTable::find(std::string_view key) const {
  if (key.empty())
    return 0;
  auto it = m_index.find(std::string(key));
  return it == m_index.end() ? 0 : it->second;
}

RegionId RegionTable::intern(std::string_view key) {
  if (key.empty())
    return 0;
  auto it = m_index.find(std::string(key));
  if (it != m_index.end())
    return it->second;
  const size_t end = key_base_end(key);
  // Every enclosing region first ("L3.8" for "L3.8[2]", down to the
  // base): a search for what lies under a place finds the place's id.
  RegionId base = 0, parent = 0;
  char step = '\0';
  if (end < key.size()) {
    const size_t cut = key.find_last_of(".[+");
    const size_t at = cut != std::string_view::npos && cut >= end ? cut : end;
    parent = intern(key.substr(0, at));
    base = m_links[parent].base;
    step = key[at];
    m_links[parent].inner = true;
  }
  const auto id = static_cast<RegionId>(m_entries.size());
  m_entries.push_back({std::string(key), key_base_number(key), static_cast<uint32_t>(end)});
  m_links.push_back({base ? base : id, parent, key[0], step, false});
  m_index.emplace(std::string(key), id);
  return id;
}

// (As key_within and key_inside on the keys: a key's prefixes that are
// regions are exactly its ancestors, each interned before it.)
bool RegionTable::within(RegionId r, RegionId place) const {
  if (r == place)
    return true;
  if (m_links[r].base != m_links[place].base)
    return false;
  for (RegionId c = m_links[r].parent; c; c = m_links[c].parent)
    if (c == place)
      return true;
  return false;
}

bool RegionTable::inside(RegionId r, RegionId place) const {
  if (r == place)
    return true;
  if (m_links[r].base != m_links[place].base)
    return false;
  return any_enclosing(r, [&](RegionId a) { return a == place; });
}

RegionId RegionTable::rebased(RegionId r, uint64_t number) {
  const Entry &e = m_entries[r];
  std::string key(1, e.key[0]);
  key += std::to_string(number);
  key += std::string_view(e.key).substr(e.base_end);
  return intern(key);
}

SvalId bound_value(const Bindings &b, RegionId r) {
  auto it = std::lower_bound(b.begin(), b.end(), r, [](const auto &p, RegionId k) { return p.first < k; });
  return it != b.end() && it->first == r ? it->second : 0;
}

void set_binding(Bindings &b, RegionId r, SvalId v) {
  auto it = std::lower_bound(b.begin(), b.end(), r, [](const auto &p, RegionId k) { return p.first < k; });
  if (it != b.end() && it->first == r) {
    if (v)
      it->second = v;
    else
      b.erase(it);
  } else if (v) {
    b.insert(it, {r, v});
  }
}

bool binds_within(const Bindings &b, const RegionTable &t, RegionId place) {
  return std::any_of(b.begin(), b.end(), [&](const auto &m) { return t.within(m.first, place); });
}

void unbind_inside(Bindings &b, const RegionTable &t, RegionId place) {
  b.erase(std::remove_if(b.begin(), b.end(), [&](const auto &m) { return t.inside(m.first, place); }), b.end());
}

} // namespace pathwise

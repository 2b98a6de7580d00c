// One value per seat, indexed by the seat's PlayerId: PerPlayer (a fixed
// array, for states) and SeatVector (sized at run time, for drivers).
//
// Games keep per-player facts (hands, scores, cars) in fixed arrays so a State
// copies as one block for the search. Indexing a std::array by a PlayerId
// needs a cast at every use; this type takes the PlayerId itself, so the
// rules read `hand_[p]` and an index that is not a seat (a card, a space)
// cannot be mistaken for one by the type. Same layout and cost as std::array.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

#include "core/index_array.h"
#include "core/types.h"

namespace rt {

template <class T, int N>
struct PerPlayer {
  static_assert(N > 0);
  std::array<T, index_detail::slot(N)> values{};  // public so the type stays an aggregate (`= {a, b}`)

  constexpr T& operator[](PlayerId p) { return values[index_detail::slot(p)]; }
  constexpr const T& operator[](PlayerId p) const { return values[index_detail::slot(p)]; }

  constexpr auto begin() { return values.begin(); }
  constexpr auto end() { return values.end(); }
  constexpr auto begin() const { return values.begin(); }
  constexpr auto end() const { return values.end(); }
  static constexpr std::size_t size() { return N; }
  constexpr void fill(const T& v) { values.fill(v); }

  friend constexpr bool operator==(const PerPlayer&, const PerPlayer&) = default;
};

// One value per seat when the number of seats is known only at run time (the
// Table's seats, a search's per-seat playout agents): a std::vector indexed
// by PlayerId, so the driver reads `slot_[p]` without a cast at every use.
template <class T>
class SeatVector {
 public:
  SeatVector() = default;
  explicit SeatVector(int seats) : values_(slot(seats)) {}
  // A list of one value per seat in seat order (the seats a front end set up).
  SeatVector(std::vector<T> values) : values_(std::move(values)) {}
  SeatVector(std::initializer_list<T> values) : values_(values) {}

  T& operator[](PlayerId p) { return values_[slot(p)]; }
  const T& operator[](PlayerId p) const { return values_[slot(p)]; }
  // Bounds-checked (throws std::out_of_range), for a seat named from outside.
  T& at(PlayerId p) { return values_.at(slot(p)); }
  const T& at(PlayerId p) const { return values_.at(slot(p)); }

  int seats() const { return std::ssize(values_); }
  int size() const { return seats(); }  // as IndexVector says it
  bool empty() const { return values_.empty(); }
  void resize(int seats) { values_.resize(slot(seats)); }
  void resize(int seats, const T& v) { values_.resize(slot(seats), v); }
  void assign(int seats, const T& v) { values_.assign(slot(seats), v); }

  auto begin() { return values_.begin(); }
  auto end() { return values_.end(); }
  auto begin() const { return values_.begin(); }
  auto end() const { return values_.end(); }
  // The values as a plain vector, for an interface that hands them out.
  const std::vector<T>& values() const { return values_; }

 private:
  // Where seat p (or a count of seats) is in the vector.
  static std::size_t slot(PlayerId p) { return index_detail::slot(p); }
  std::vector<T> values_;
};

}  // namespace rt

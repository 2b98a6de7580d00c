// Containers indexed by the rules' own ids: IndexArray (fixed size, for
// states) and IndexVector (sized at run time, for catalogs and drivers).
//
// Rules count cards, terrains, tiles, slots and lanes in int; a std::array or
// std::vector wants a std::size_t, so every use needed a cast under
// -Wsign-conversion. These take the id itself and give sizes as int. Same
// layout and cost as std::array and std::vector (PerPlayer and SeatVector in
// per_player.h are the same idea for seats).
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

namespace rt {

template <class T, int N, class Id = int>
struct IndexArray {
  static_assert(N > 0);
  std::array<T, static_cast<std::size_t>(N)> values{};  // public so the type stays an aggregate (`= {a, b}`)

  constexpr T& operator[](Id i) { return values[static_cast<std::size_t>(i)]; }
  constexpr const T& operator[](Id i) const { return values[static_cast<std::size_t>(i)]; }
  // A kind the rules name by an enum (a boost, a phase) indexes by its value.
  template <class E>
  requires std::is_enum_v<E>
  constexpr T& operator[](E e) { return values[static_cast<std::size_t>(e)]; }
  template <class E>
  requires std::is_enum_v<E>
  constexpr const T& operator[](E e) const { return values[static_cast<std::size_t>(e)]; }

  constexpr auto begin() { return values.begin(); }
  constexpr auto end() { return values.end(); }
  constexpr auto begin() const { return values.begin(); }
  constexpr auto end() const { return values.end(); }
  constexpr T* data() { return values.data(); }
  constexpr const T* data() const { return values.data(); }
  static constexpr int size() { return N; }
  constexpr void fill(const T& v) { values.fill(v); }

  friend constexpr bool operator==(const IndexArray&, const IndexArray&) = default;
  friend constexpr auto operator<=>(const IndexArray&, const IndexArray&) = default;
};

template <class Id, class T>
class IndexVector {
 public:
  IndexVector() = default;
  explicit IndexVector(int n) : values_(static_cast<std::size_t>(n)) {}
  IndexVector(int n, const T& v) : values_(static_cast<std::size_t>(n), v) {}
  IndexVector(std::initializer_list<T> values) : values_(values) {}
  explicit IndexVector(std::vector<T> values) : values_(std::move(values)) {}

  T& operator[](Id i) { return values_[static_cast<std::size_t>(i)]; }
  const T& operator[](Id i) const { return values_[static_cast<std::size_t>(i)]; }
  // Bounds-checked (throws std::out_of_range), for an index read from outside.
  T& at(Id i) { return values_.at(static_cast<std::size_t>(i)); }
  const T& at(Id i) const { return values_.at(static_cast<std::size_t>(i)); }

  int size() const { return static_cast<int>(values_.size()); }
  bool empty() const { return values_.empty(); }
  void resize(int n) { values_.resize(static_cast<std::size_t>(n)); }
  void resize(int n, const T& v) { values_.resize(static_cast<std::size_t>(n), v); }
  void assign(int n, const T& v) { values_.assign(static_cast<std::size_t>(n), v); }
  void reserve(int n) { values_.reserve(static_cast<std::size_t>(n)); }
  void clear() { values_.clear(); }
  void push_back(const T& v) { values_.push_back(v); }
  void push_back(T&& v) { values_.push_back(std::move(v)); }
  template <class... A>
  T& emplace_back(A&&... a) {
    return values_.emplace_back(std::forward<A>(a)...);
  }
  void pop_back() { values_.pop_back(); }

  T& front() { return values_.front(); }
  const T& front() const { return values_.front(); }
  T& back() { return values_.back(); }
  const T& back() const { return values_.back(); }
  auto begin() { return values_.begin(); }
  auto end() { return values_.end(); }
  auto begin() const { return values_.begin(); }
  auto end() const { return values_.end(); }
  T* data() { return values_.data(); }
  const T* data() const { return values_.data(); }
  // The values as a plain vector, for an interface that hands them out.
  const std::vector<T>& values() const { return values_; }
  std::vector<T>& values() { return values_; }

  friend bool operator==(const IndexVector&, const IndexVector&) = default;

 private:
  std::vector<T> values_;
};

}  // namespace rt

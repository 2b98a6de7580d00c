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
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace rt {

namespace index_detail {
// Where an id (an int, an enum's value, a count) is in the container: the one
// conversion from the rules' signed ids to the standard containers' sizes.
template <class I>
constexpr std::size_t slot(I i) {
  return static_cast<std::size_t>(i);
}
}  // namespace index_detail

template <class T, int N, class Id = int>
struct IndexArray {
  static_assert(N > 0);
  std::array<T, index_detail::slot(N)> values{};  // public so the type stays an aggregate (`= {a, b}`)

  constexpr T& operator[](Id i) { return values[index_detail::slot(i)]; }
  constexpr const T& operator[](Id i) const { return values[index_detail::slot(i)]; }
  // A kind the rules name by an enum (a boost, a phase) indexes by its value.
  template <class E>
  requires std::is_enum_v<E>
  constexpr T& operator[](E e) { return values[index_detail::slot(e)]; }
  template <class E>
  requires std::is_enum_v<E>
  constexpr const T& operator[](E e) const { return values[index_detail::slot(e)]; }

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
  explicit IndexVector(int n) : values_(index_detail::slot(n)) {}
  IndexVector(int n, const T& v) : values_(index_detail::slot(n), v) {}
  IndexVector(std::initializer_list<T> values) : values_(values) {}
  explicit IndexVector(std::vector<T> values) : values_(std::move(values)) {}

  T& operator[](Id i) { return values_[index_detail::slot(i)]; }
  const T& operator[](Id i) const { return values_[index_detail::slot(i)]; }
  // Bounds-checked (throws std::out_of_range), for an index read from outside.
  T& at(Id i) { return values_.at(index_detail::slot(i)); }
  const T& at(Id i) const { return values_.at(index_detail::slot(i)); }

  int size() const { return std::ssize(values_); }
  bool empty() const { return values_.empty(); }
  void resize(int n) { values_.resize(index_detail::slot(n)); }
  void resize(int n, const T& v) { values_.resize(index_detail::slot(n), v); }
  void assign(int n, const T& v) { values_.assign(index_detail::slot(n), v); }
  void reserve(int n) { values_.reserve(index_detail::slot(n)); }
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
